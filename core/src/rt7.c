/* kurv core: the runtime-curve engine for 7-limb fields (core/src/rt_tmpl.h). */
#define RT_L 7
#include "rt_tmpl.h"
