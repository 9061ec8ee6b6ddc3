/* kurv-bench: the BIP-340 part (bench_schnorr.c), run by `kurv-bench --schnorr`. */
#ifndef KURV_BENCH_SCHNORR_H
#define KURV_BENCH_SCHNORR_H
/* Print the Schnorr table; `seconds` per cell at least. Return 0 (exits on failure). */
int bench_schnorr(double seconds);
#endif
