/* kurv core: the runtime-curve engine for 4-limb fields (core/src/rt_tmpl.h). */
#define RT_L 4
#include "rt_tmpl.h"
