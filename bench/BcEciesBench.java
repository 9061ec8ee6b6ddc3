/*
 * BcEciesBench: BouncyCastle's ECIES timed through the JVM, for kurv-bench --ecies.
 *
 * The engine is the one of shared/tools/bc-ecies/BcEcies.java and FORMAT.md (IESCipher over
 * IESEngine: ECDH, KDF2-SHA-256, HMAC-SHA-256, AES-CBC/PKCS#7, IESParameterSpec(null, null,
 * 128, 128, null)), i.e. kurv's bc-aes128-cbc preset.
 *
 *   java -cp DIR:bcprov.jar BcEciesBench SECONDS CURVE[,CURVE...] LEN[,LEN...]
 *
 * CURVE is BouncyCastle's name (secp256k1, secp256r1, ...). Per curve, a warm-up of at
 * least two seconds of encrypt + decrypt lets the JIT compile the hot paths; then each
 * (length, operation) cell is timed as kurv-bench times kurv: a warm-up that sizes the
 * batches, five batches of about SECONDS/5 each, the median. Every decryption is checked.
 * Output, one line per cell: "CURVE LEN ENCRYPT_US DECRYPT_US".
 */
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Security;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;

import javax.crypto.Cipher;

import org.bouncycastle.crypto.agreement.ECDHBasicAgreement;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.engines.IESEngine;
import org.bouncycastle.crypto.generators.KDF2BytesGenerator;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.paddings.PKCS7Padding;
import org.bouncycastle.crypto.paddings.PaddedBufferedBlockCipher;
import org.bouncycastle.jcajce.provider.asymmetric.ec.IESCipher;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.jce.spec.IESParameterSpec;

public final class BcEciesBench {
    static final SecureRandom RNG = new SecureRandom();
    static final IESParameterSpec SPEC = new IESParameterSpec(null, null, 128, 128, null, false);

    static IESCipher cipher() {
        return new IESCipher(new IESEngine(new ECDHBasicAgreement(),
                new KDF2BytesGenerator(new SHA256Digest()),
                new HMac(new SHA256Digest()),
                new PaddedBufferedBlockCipher(new CBCBlockCipher(new AESEngine()), new PKCS7Padding())), 0);
    }

    interface Op {
        void run() throws Exception;
    }

    static final class Cell {
        final KeyPair kp;
        final byte[] pt;
        byte[] ct;

        Cell(KeyPair kp, int len) throws Exception {
            this.kp = kp;
            this.pt = new byte[len];
            RNG.nextBytes(pt);
            encrypt();
            decrypt();
        }

        void encrypt() throws Exception {
            IESCipher c = cipher();
            c.engineInit(Cipher.ENCRYPT_MODE, kp.getPublic(), SPEC, RNG);
            ct = c.engineDoFinal(pt, 0, pt.length);
        }

        void decrypt() throws Exception {
            IESCipher c = cipher();
            c.engineInit(Cipher.DECRYPT_MODE, kp.getPrivate(), SPEC, RNG);
            byte[] back = c.engineDoFinal(ct, 0, ct.length);
            if (!Arrays.equals(back, pt))
                throw new IllegalStateException("BouncyCastle round trip failed");
        }
    }

    /* microseconds per call: median of 5 batches after a warm-up that sizes them */
    static double time(Op op, double seconds) throws Exception {
        long n = 0;
        long t0 = System.nanoTime();
        double t;
        do {
            op.run();
            n++;
            t = (System.nanoTime() - t0) / 1e9;
        } while (t < seconds / 10 && n < 1000000);
        long iters = (long) ((seconds / 5) / (t / n)) + 1;
        double[] per = new double[5];
        for (int b = 0; b < 5; b++) {
            long s = System.nanoTime();
            for (long i = 0; i < iters; i++)
                op.run();
            per[b] = (System.nanoTime() - s) / 1e3 / iters;
        }
        Arrays.sort(per);
        return per[2];
    }

    public static void main(String[] args) throws Exception {
        Security.addProvider(new BouncyCastleProvider());
        double seconds = Double.parseDouble(args[0]);
        String[] curves = args[1].split(",");
        int[] lens = Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray();
        for (String curve : curves) {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC", "BC");
            g.initialize(new ECGenParameterSpec(curve), RNG);
            KeyPair kp = g.generateKeyPair();
            Cell[] cells = new Cell[lens.length];
            for (int i = 0; i < lens.length; i++)
                cells[i] = new Cell(kp, lens[i]);
            /* JIT warm-up over every length */
            long end = System.nanoTime() + (long) (Math.max(2.0, 2 * seconds) * 1e9);
            while (System.nanoTime() < end)
                for (Cell c : cells) {
                    c.encrypt();
                    c.decrypt();
                }
            for (Cell c : cells) {
                double enc = time(c::encrypt, seconds);
                c.encrypt();
                double dec = time(c::decrypt, seconds);
                System.out.printf("%s %d %.2f %.2f%n", curve, c.pt.length, enc, dec);
                System.out.flush();
            }
        }
    }
}
