/*
 * kurv-25519 internal: the X25519 Montgomery ladder (RFC 7748 5) on the 4-limb
 * MULX/ADCX/ADOX field of fe25519_adx.h, taken by x25519.c on x86-64 CPUs with BMI2 and
 * ADX (contract in x25519_adx.h). The same steps as x25519.c's portable ladder, from the
 * one template ladder_tmpl.h: 255 steps over bits 254..0 of the clamped scalar, each a
 * conditional swap by mask and the same field operations whatever the bit. Every element
 * stays below 2^256 (fe25519_adx.h's lazy bound); x2 and z2 leave in fe25519.h's limbs,
 * for the portable inversion and the canonical encoding, so both paths give the same bytes. Secrets (the ladder state, the
 * scalar bit, the swap flag) are wiped before return; nothing is allocated.
 */
#include <kurv/util.h>

#include "x25519_adx.h"
#include "fe25519_adx.h"

#ifdef K25519_FX_ADX

int k25519_x25519_adx_path(int adx)
{
    static int cpu = -1;   /* the start-up choice (CPUID, KURV_X86_ADX), kept at the first call */
    if (cpu < 0)
        cpu = kl_mont_adx_on;
    kl_mont_adx_on = adx && cpu;
    return kl_mont_adx_on;
}

int k25519_adx_on(void)
{
    return kl_mont_adx_on;
}

/* h = c for c = 0 or 1 */
static void fx_set(k25519_fx *h, uint64_t c)
{
    h->v[0] = c;
    h->v[1] = 0;
    h->v[2] = 0;
    h->v[3] = 0;
}

/* the ladder on the 4-limb field: every operation takes and returns values below 2^256
 * (fe25519_adx.h), so its sums and differences are full ones */
#define KLD_NAME ladder_fx
#define KLD_FE k25519_fx
#define KLD_FROMBYTES k25519_fx_frombytes
#define KLD_SET fx_set
#define KLD_ADD k25519_fx_add
#define KLD_SUB k25519_fx_sub
#define KLD_MUL k25519_fx_mul
#define KLD_SQ k25519_fx_sq
#define KLD_A24_ADD k25519_fx_mul121665_add
#define KLD_CSWAP k25519_fx_cswap
#include "ladder_tmpl.h"

int k25519_x25519_ladder_adx(k25519_fe *x2_out, k25519_fe *z2_out, const uint8_t k[32],
                             const uint8_t u[32])
{
    k25519_fx x2, z2;

    if (!kl_mont_adx_on)
        return 0;
    ladder_fx(&x2, &z2, k, u);
    k25519_fe_from64(x2_out, x2.v);   /* the same values in 51-bit limbs */
    k25519_fe_from64(z2_out, z2.v);
    kurv_wipe(&x2, sizeof x2);
    kurv_wipe(&z2, sizeof z2);
    return 1;
}

#else

int k25519_adx_on(void)
{
    return 0;
}

int k25519_x25519_adx_path(int adx)
{
    (void)adx;
    return 0;
}

int k25519_x25519_ladder_adx(k25519_fe *x2_out, k25519_fe *z2_out, const uint8_t k[32],
                             const uint8_t u[32])
{
    (void)x2_out;
    (void)z2_out;
    (void)k;
    (void)u;
    return 0;
}

#endif
