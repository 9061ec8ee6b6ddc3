/* kurv-bench: the kurv-25519 part (bench_25519.c): X25519 and Ed25519 next to OpenSSL 3,
 * libsodium and Nettle; run by `kurv-bench --25519` and after the curves' tables. */
#ifndef KURV_BENCH_25519_H
#define KURV_BENCH_25519_H
/* Print the 25519 table (CSV rows when csv); `seconds` per library and cell at least.
 * Return 0 (exits on failure). */
int bench_25519(double seconds, int csv);
#endif
