/* kurv core: the runtime-curve engine for 8-limb fields (core/src/rt_tmpl.h). */
#define RT_L 8
#include "rt_tmpl.h"
