/* kurv core: the runtime-curve engine for 9-limb fields (core/src/rt_tmpl.h). */
#define RT_L 9
#include "rt_tmpl.h"
