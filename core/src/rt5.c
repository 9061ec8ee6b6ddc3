/* kurv core: the runtime-curve engine for 5-limb fields (core/src/rt_tmpl.h). */
#define RT_L 5
#include "rt_tmpl.h"
