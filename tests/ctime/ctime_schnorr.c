/*
 * kurv constant-time test of BIP-340 signing (kurv-schnorr), run under valgrind
 * like ctime.c: the secret key, the key pair and the auxiliary randomness are
 * marked undefined (checkmem.h) before each call, the outputs defined after it;
 * valgrind fails the test on any branch or memory index that depends on them.
 * The results are checked against BIP-340 test vectors 0-3 (computed here with
 * the published bytes) and against a second run with defined inputs, so the
 * calls are real answers as well.
 *
 * Covered: kurv_schnorr_keypair, kurv_schnorr_pubkey, kurv_schnorr_sign (key,
 * nonce derivation, k'*G, the y-parity negations, s = k + e d),
 * kurv_schnorr_sign_seckey. The public values the library reveals on purpose
 * (x(P), r, s, and whether d is in range or k' = 0) are declassified inside it
 * (core/src/ct.h).
 */
#include <stdio.h>
#include <string.h>
#include <kurv/schnorr.h>
#define CTIME_PROG "ctime-schnorr"
#include "ctime_util.h"

/* BIP-340 test vectors 0-3: secret key, public key, aux_rand, message, signature */
static const char *const vec[4][5] = {
    {"0000000000000000000000000000000000000000000000000000000000000003",
     "F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9",
     "0000000000000000000000000000000000000000000000000000000000000000",
     "0000000000000000000000000000000000000000000000000000000000000000",
     "E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA8215"
     "25F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0"},
    {"B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF",
     "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
     "0000000000000000000000000000000000000000000000000000000000000001",
     "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
     "6896BD60EEAE296DB48A229FF71DFE071BDE413E6D43F917DC8DCF8C78DE3341"
     "8906D11AC976ABCCB20B091292BFF4EA897EFCB639EA871CFA95F6DE339E4B0A"},
    {"C90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B14E5C9",
     "DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EB8",
     "C87AA53824B4D7AE2EB035A2B5BBBCCC080E76CDC6D1692C4B0B62D798E6D906",
     "7E2D58D8B3BCDF1ABADEC7829054F90DDA9805AAB56C77333024B9D0A508B75C",
     "5831AAEED7B44BB74E5EAB94BA9D4294C49BCF2A60728D8B4C200F50DD313C1B"
     "AB745879A5AD954A72C45A91C3A51D3C7ADEA98D82F8481E0E1E03674A6F3FB7"},
    {"0B432B2677937381AEF05BB02A66ECD012773062CF3FA2549E44F58ED2401710",
     "25D1DFF95105F5253C4022F628A996AD3A0D95FBF21D468A1B33F8C160D8F517",
     "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
     "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
     "7EB0509757E246F19449885651611CB965ECC1A187DD51B64FDA1EDC9637D5EC"
     "97582B9CB13DB3933705B32BA982AF5AF25FD78881EBB32771FC5922EFC66EA3"},
};

int main(void)
{
    int i;
    if (!CHECKMEM_RUNNING()) {
        fprintf(stderr, "ctime-schnorr: this program must run under %s; without a checker it\n"
                        "ctime-schnorr: would test nothing.\n", CHECKMEM_NAME);
        return 1;
    }
    for (i = 0; i < 4; i++) {
        uint8_t sk[32], pk_ref[32], aux[32], msg[32], sig_ref[64];
        uint8_t kp[64], pk[32], sig[64];
        kurv_err e;
        CHECK(unhex(sk, 32, vec[i][0]) == 0 && unhex(pk_ref, 32, vec[i][1]) == 0 &&
              unhex(aux, 32, vec[i][2]) == 0 && unhex(msg, 32, vec[i][3]) == 0 &&
              unhex(sig_ref, 64, vec[i][4]) == 0);

        SECRET(sk, 32);
        e = kurv_schnorr_keypair(kp, sk);
        PUBLIC(&e, sizeof e);
        CHECK(e == KURV_OK);
        PUBLIC(kp + 32, 32);
        CHECK(memcmp(kp + 32, pk_ref, 32) == 0);

        SECRET(sk, 32);
        e = kurv_schnorr_pubkey(pk, sk);
        PUBLIC(&e, sizeof e);
        PUBLIC(pk, 32);
        CHECK(e == KURV_OK && memcmp(pk, pk_ref, 32) == 0);

        SECRET(kp, 64);
        SECRET(aux, 32);
        e = kurv_schnorr_sign(sig, kp, msg, sizeof msg, aux);
        PUBLIC(&e, sizeof e);
        PUBLIC(sig, 64);
        CHECK(e == KURV_OK && memcmp(sig, sig_ref, 64) == 0);

        SECRET(sk, 32);
        SECRET(aux, 32);
        e = kurv_schnorr_sign_seckey(sig, sk, msg, sizeof msg, aux);
        PUBLIC(&e, sizeof e);
        PUBLIC(sig, 64);
        CHECK(e == KURV_OK && memcmp(sig, sig_ref, 64) == 0);

        /* the signature verifies (public inputs) */
        PUBLIC(kp, 64);
        CHECK(kurv_schnorr_verify(sig, pk_ref, msg, sizeof msg) == KURV_OK);
        kurv_wipe(kp, sizeof kp);
        kurv_wipe(sk, sizeof sk);
    }
    if (failures) {
        fprintf(stderr, "ctime-schnorr: %d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("ctime-schnorr: BIP-340 vectors 0-3, %d checks passed; secret-dependent branches\n"
           "ctime-schnorr: and memory indexes, if any, are reported by %s above\n", checks,
           CHECKMEM_NAME);
    return 0;
}
