/*
 * tests/unit: TF_PATH_FN(name) defines static int name(int adx), the switch between a
 * field's run-time paths for tests/unit/test_field.c: adx = 1 takes the MULX/ADX path
 * if this CPU has it (returns 1), adx = 0 the portable one (returns 0). It sets the
 * including translation unit's own kl_mont_adx_on (core/src/mont_adx.h, one copy per
 * unit), so include it after the field's header. Without KL_MONT_ADX (-Dasm=false, not
 * x86-64) there is one path and it returns 0.
 */
#ifndef KURV_TEST_FIELD_PATH_H
#define KURV_TEST_FIELD_PATH_H

#ifdef KL_MONT_ADX
#define TF_PATH_FN(name)                                                               \
    static int name(int adx)                                                           \
    {                                                                                  \
        static int cpu = -1;                                                           \
        if (cpu < 0)                                                                   \
            cpu = kl_mont_adx_on;   /* as the constructor set it from CPUID */          \
        kl_mont_adx_on = adx && cpu;                                                   \
        return kl_mont_adx_on;                                                         \
    }
#else
#define TF_PATH_FN(name)                                                               \
    static int name(int adx)                                                           \
    {                                                                                  \
        (void)adx;                                                                     \
        return 0;                                                                      \
    }
#endif

#endif
