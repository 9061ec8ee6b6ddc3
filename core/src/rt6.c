/* kurv core: the runtime-curve engine for 6-limb fields (core/src/rt_tmpl.h). */
#define RT_L 6
#include "rt_tmpl.h"
