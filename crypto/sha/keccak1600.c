/*
 * Keccak-f[1600], the permutation under SHA-3 and SHAKE (FIPS 202
 * section 3), in portable C, and the byte-level access to its state that
 * sha3.c builds the sponge on.
 *
 * The state is 25 64-bit lanes, lane (x, y) at index x + 5 * y.  Byte i of
 * the state (FIPS 202 section 3.1.2, bits numbered little-endian within a
 * lane) is byte i % 8 of lane i / 8, on every host: the byte helpers below
 * convert explicitly and never alias the lanes as bytes.
 */
#include <stddef.h>
#include <stdint.h>
#include "internal/sha3.h"

#define KECCAK1600_ROUNDS 24

/* Rotate a lane left by n bits, 0 < n < 64 (a constant: n = 0 or 64 would
 * shift by 64, undefined in C; every use below rotates by 1..62). */
#define ROL64(a, n) (((a) << (n)) | ((a) >> (64 - (n))))

/*
 * Round constants RC[i] of iota (FIPS 202 Algorithm 6): bit 2^j - 1 of
 * RC[i], for j = 0..6, is rc(j + 7 * i), where rc(t) (Algorithm 5) is the
 * output of the LFSR x^8 + x^6 + x^5 + x^4 + 1 over GF(2) started at 1 and
 * stepped t times; all other bits are zero.
 */
static const uint64_t keccak_rc[KECCAK1600_ROUNDS] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
    0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
    0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
    0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
    0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
    0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
    0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};

/*
 * Lane complementing ("bebigokimisa", the lane complementing transform of
 * the Keccak team's implementation overview): the permutation keeps the
 * lanes (x, y) = (1, 0), (2, 0), (3, 1), (2, 2), (2, 3), (0, 4) -- be, bi,
 * go, ki, mi, sa -- complemented.  Theta, rho, pi and iota are linear, so
 * they carry the complements through (columns a, e, i, o hold an odd number
 * of them, hence D[a] and D[o] come out complemented).  In chi,
 * E = B0 ^ (~B1 & B2) is rewritten per lane, with De Morgan, into a form on
 * the complemented inputs that yields the complemented-or-not output
 * directly; 5 NOTs per round remain instead of 25.
 */
#define KECCAK1600_COMPLEMENT(S) \
    do {                         \
        S##be = ~S##be;          \
        S##bi = ~S##bi;          \
        S##go = ~S##go;          \
        S##ki = ~S##ki;          \
        S##mi = ~S##mi;          \
        S##sa = ~S##sa;          \
    } while (0)

/*
 * One round of Keccak-f[1600] (FIPS 202 Algorithm 7, step 2: theta, rho,
 * pi, chi, iota) from the lanes S.. into the lanes T.., with round constant
 * rc, on lane-complemented states.  Lane names: row y = b g k m s, column
 * x = a e i o u.  On entry C.. hold the column parities of S (theta's
 * C[x]); on exit those of T, accumulated row by row as chi produces them,
 * which keeps fewer lanes live than a separate pass.  B.. are the five
 * lanes of one output row after theta, rho and pi: B[x] comes from lane
 * (x', y') with y' = x, 2x' + 3y' = y.
 */
#define KECCAK1600_ROUND(S, T, rc)     \
    do {                               \
        Da = Cu ^ ROL64(Ce, 1);        \
        De = Ca ^ ROL64(Ci, 1);        \
        Di = Ce ^ ROL64(Co, 1);        \
        Do = Ci ^ ROL64(Cu, 1);        \
        Du = Co ^ ROL64(Ca, 1);        \
        Ba = S##ba ^ Da;               \
        Be = ROL64(S##ge ^ De, 44);    \
        Bi = ROL64(S##ki ^ Di, 43);    \
        Bo = ROL64(S##mo ^ Do, 21);    \
        Bu = ROL64(S##su ^ Du, 14);    \
        T##ba = Ba ^ (Be | Bi) ^ (rc); \
        T##be = Be ^ (~Bi | Bo);       \
        T##bi = Bi ^ (Bo & Bu);        \
        T##bo = Bo ^ (Bu | Ba);        \
        T##bu = Bu ^ (Ba & Be);        \
        Ca = T##ba;                    \
        Ce = T##be;                    \
        Ci = T##bi;                    \
        Co = T##bo;                    \
        Cu = T##bu;                    \
        Ba = ROL64(S##bo ^ Do, 28);    \
        Be = ROL64(S##gu ^ Du, 20);    \
        Bi = ROL64(S##ka ^ Da, 3);     \
        Bo = ROL64(S##me ^ De, 45);    \
        Bu = ROL64(S##si ^ Di, 61);    \
        T##ga = Ba ^ (Be | Bi);        \
        T##ge = Be ^ (Bi & Bo);        \
        T##gi = Bi ^ (Bo | ~Bu);       \
        T##go = Bo ^ (Bu | Ba);        \
        T##gu = Bu ^ (Ba & Be);        \
        Ca ^= T##ga;                   \
        Ce ^= T##ge;                   \
        Ci ^= T##gi;                   \
        Co ^= T##go;                   \
        Cu ^= T##gu;                   \
        Ba = ROL64(S##be ^ De, 1);     \
        Be = ROL64(S##gi ^ Di, 6);     \
        Bi = ROL64(S##ko ^ Do, 25);    \
        Bo = ROL64(S##mu ^ Du, 8);     \
        Bu = ROL64(S##sa ^ Da, 18);    \
        T##ka = Ba ^ (Be | Bi);        \
        T##ke = Be ^ (Bi & Bo);        \
        T##ki = Bi ^ (~Bo & Bu);       \
        T##ko = ~Bo ^ (Bu | Ba);       \
        T##ku = Bu ^ (Ba & Be);        \
        Ca ^= T##ka;                   \
        Ce ^= T##ke;                   \
        Ci ^= T##ki;                   \
        Co ^= T##ko;                   \
        Cu ^= T##ku;                   \
        Ba = ROL64(S##bu ^ Du, 27);    \
        Be = ROL64(S##ga ^ Da, 36);    \
        Bi = ROL64(S##ke ^ De, 10);    \
        Bo = ROL64(S##mi ^ Di, 15);    \
        Bu = ROL64(S##so ^ Do, 56);    \
        T##ma = Ba ^ (Be & Bi);        \
        T##me = Be ^ (Bi | Bo);        \
        T##mi = Bi ^ (~Bo | Bu);       \
        T##mo = ~Bo ^ (Bu & Ba);       \
        T##mu = Bu ^ (Ba | Be);        \
        Ca ^= T##ma;                   \
        Ce ^= T##me;                   \
        Ci ^= T##mi;                   \
        Co ^= T##mo;                   \
        Cu ^= T##mu;                   \
        Ba = ROL64(S##bi ^ Di, 62);    \
        Be = ROL64(S##go ^ Do, 55);    \
        Bi = ROL64(S##ku ^ Du, 39);    \
        Bo = ROL64(S##ma ^ Da, 41);    \
        Bu = ROL64(S##se ^ De, 2);     \
        T##sa = Ba ^ (~Be & Bi);       \
        T##se = ~Be ^ (Bi | Bo);       \
        T##si = Bi ^ (Bo & Bu);        \
        T##so = Bo ^ (Bu | Ba);        \
        T##su = Bu ^ (Ba & Be);        \
        Ca ^= T##sa;                   \
        Ce ^= T##se;                   \
        Ci ^= T##si;                   \
        Co ^= T##so;                   \
        Cu ^= T##su;                   \
    } while (0)

/*
 * Keccak-f[1600] (FIPS 202 Algorithm 7, 24 rounds of Keccak-p[1600, 24]).
 * The state lives in 25 local variables; two rounds are unrolled per
 * iteration so that A.. and E.. swap roles without any copying (unrolling
 * all 24 measured slower with gcc).
 */
/*@ requires \valid(A + (0 .. KECCAK1600_LANES - 1));
    assigns A[0 .. KECCAK1600_LANES - 1];
 */
void KECCAK1600_permute_c(uint64_t A[KECCAK1600_LANES])
{
    uint64_t Aba, Abe, Abi, Abo, Abu, Aga, Age, Agi, Ago, Agu, Aka, Ake, Aki,
             Ako, Aku, Ama, Ame, Ami, Amo, Amu, Asa, Ase, Asi, Aso, Asu;
    uint64_t Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu, Eka, Eke, Eki,
             Eko, Eku, Ema, Eme, Emi, Emo, Emu, Esa, Ese, Esi, Eso, Esu;
    uint64_t Ba, Be, Bi, Bo, Bu, Ca, Ce, Ci, Co, Cu, Da, De, Di, Do, Du;
    size_t i;

    Aba = A[0];
    Abe = A[1];
    Abi = A[2];
    Abo = A[3];
    Abu = A[4];
    Aga = A[5];
    Age = A[6];
    Agi = A[7];
    Ago = A[8];
    Agu = A[9];
    Aka = A[10];
    Ake = A[11];
    Aki = A[12];
    Ako = A[13];
    Aku = A[14];
    Ama = A[15];
    Ame = A[16];
    Ami = A[17];
    Amo = A[18];
    Amu = A[19];
    Asa = A[20];
    Ase = A[21];
    Asi = A[22];
    Aso = A[23];
    Asu = A[24];
    KECCAK1600_COMPLEMENT(A);
    Ca = Aba ^ Aga ^ Aka ^ Ama ^ Asa;
    Ce = Abe ^ Age ^ Ake ^ Ame ^ Ase;
    Ci = Abi ^ Agi ^ Aki ^ Ami ^ Asi;
    Co = Abo ^ Ago ^ Ako ^ Amo ^ Aso;
    Cu = Abu ^ Agu ^ Aku ^ Amu ^ Asu;
    /*@ loop invariant 0 <= i <= KECCAK1600_ROUNDS && i % 2 == 0;
        loop assigns i, Aba, Abe, Abi, Abo, Abu, Aga, Age, Agi, Ago, Agu, Aka, Ake, Aki,
          Ako, Aku, Ama, Ame, Ami, Amo, Amu, Asa, Ase, Asi, Aso, Asu,
          Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu, Eka, Eke, Eki,
          Eko, Eku, Ema, Eme, Emi, Emo, Emu, Esa, Ese, Esi, Eso, Esu,
          Ba, Be, Bi, Bo, Bu, Ca, Ce, Ci, Co, Cu, Da, De, Di, Do, Du;
        loop variant KECCAK1600_ROUNDS - i;
     */
    for (i = 0; i < KECCAK1600_ROUNDS; i += 2) {
        KECCAK1600_ROUND(A, E, keccak_rc[i]);
        KECCAK1600_ROUND(E, A, keccak_rc[i + 1]);
    }
    KECCAK1600_COMPLEMENT(A);
    A[0] = Aba;
    A[1] = Abe;
    A[2] = Abi;
    A[3] = Abo;
    A[4] = Abu;
    A[5] = Aga;
    A[6] = Age;
    A[7] = Agi;
    A[8] = Ago;
    A[9] = Agu;
    A[10] = Aka;
    A[11] = Ake;
    A[12] = Aki;
    A[13] = Ako;
    A[14] = Aku;
    A[15] = Ama;
    A[16] = Ame;
    A[17] = Ami;
    A[18] = Amo;
    A[19] = Amu;
    A[20] = Asa;
    A[21] = Ase;
    A[22] = Asi;
    A[23] = Aso;
    A[24] = Asu;
}

/*@ // Word w of state j of ways interleaved states, A[ways * w + j], is in
    // the ways * 25 words of the states (proved by WP, used by the solvers
    // on the products of the byte loops' indices).
    lemma word_in_states: \forall integer ways, j, w;
      0 <= j < ways && 0 <= w < KECCAK1600_LANES ==>
      0 <= ways * w + j < ways * KECCAK1600_LANES;
 */

/*
 * Little-endian load of a lane from 8 bytes (FIPS 202 section 3.1.2),
 * written out so that compilers merge it into one load on little-endian
 * hosts; inline, as it is called for every lane absorbed.
 */
/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing;
 */
static inline uint64_t load64_le(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16
           | (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32
           | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48
           | (uint64_t)p[7] << 56;
}

/*
 * Little-endian store of a lane into 8 bytes, written out so that compilers
 * merge it into one store on little-endian hosts.
 */
/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
 */
static inline void store64_le(uint8_t *p, uint64_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
    p[4] = (uint8_t)(v >> 32);
    p[5] = (uint8_t)(v >> 40);
    p[6] = (uint8_t)(v >> 48);
    p[7] = (uint8_t)(v >> 56);
}

/* The word of len (< 8) bytes of p, little-endian. */
/*@ requires len < 8;
    requires \valid_read(p + (0 .. len - 1));
    assigns \nothing;
 */
static inline uint64_t load_le(const uint8_t *p, size_t len)
{
    uint64_t w = 0;
    size_t i;

    /*@ loop invariant 0 <= i <= len;
        loop assigns i, w;
        loop variant len - i;
     */
    for (i = 0; i < len; i++)
        w |= (uint64_t)p[i] << (8 * i);
    return w;
}

/*
 * XOR len bytes of in into state j of ways interleaved states (lane i at
 * A[ways * i + j]) from byte offset off: the absorbing step of the sponge
 * (FIPS 202 Algorithm 8, step 6).  Whole lanes go 8 bytes at a time, two
 * per turn, the bytes of a partial lane at either end gathered into one
 * word.
 */
/*@ requires (ways == 1 || ways == 2 || ways == 4 || ways == 8) && j < ways;
    requires \valid(A + (0 .. ways * KECCAK1600_LANES - 1));
    requires off + len <= KECCAK1600_WIDTH_BYTES;
    requires \valid_read(in + (0 .. len - 1));
    assigns A[0 .. ways * KECCAK1600_LANES - 1];
 */
static inline void xor_bytes(uint64_t *A, size_t ways, size_t j, size_t off,
                             const uint8_t *in, size_t len)
{
    size_t i = ways * (off / 8) + j, n = 8 - off % 8;
    /*@ ghost size_t lane = off / 8; */

    if (n < 8) {
        if (n > len)
            n = len;
        A[i] ^= load_le(in, n) << (8 * (off % 8));
        i += ways;
        in += n;
        len -= n;
        /*@ ghost lane++; */
    }
    /* the next byte, off + \at(len, Pre) - len, starts word lane of state
     * j, A[i], while bytes are left */
    /*@ loop invariant len <= \at(len, Pre);
        loop invariant in == \at(in, Pre) + (\at(len, Pre) - len);
        loop invariant len > 0 ==> 8 * lane == off + \at(len, Pre) - len;
        loop invariant 0 <= lane <= KECCAK1600_LANES;
        loop invariant i == ways * lane + j;
        loop assigns len, in, i, lane, A[0 .. ways * KECCAK1600_LANES - 1];
        loop variant len;
     */
    for (; len >= 16; len -= 16, in += 16, i += 2 * ways) {
        A[i] ^= load64_le(in);
        A[i + ways] ^= load64_le(in + 8);
        /*@ ghost lane += 2; */
    }
    if (len >= 8) {
        A[i] ^= load64_le(in);
        i += ways;
        in += 8;
        len -= 8;
    }
    if (len > 0)
        A[i] ^= load_le(in, len);
}

/*
 * Copy len bytes of state j of ways interleaved states from byte offset
 * off into out: the squeezing step of the sponge (FIPS 202 Algorithm 8,
 * step 10, Trunc).
 */
/*@ requires (ways == 1 || ways == 2 || ways == 4 || ways == 8) && j < ways;
    requires \valid_read(A + (0 .. ways * KECCAK1600_LANES - 1));
    requires off + len <= KECCAK1600_WIDTH_BYTES;
    requires \valid(out + (0 .. len - 1));
    assigns out[0 .. len - 1];
 */
static inline void extract_bytes(const uint64_t *A, size_t ways, size_t j,
                                 size_t off, uint8_t *out, size_t len)
{
    /* off and out advance together, off + len stays */
    /*@ loop invariant \at(off, Pre) <= off;
        loop invariant off + len == \at(off, Pre) + \at(len, Pre);
        loop invariant out == \at(out, Pre) + (off - \at(off, Pre));
        loop assigns off, len, out, \at(out, Pre)[0 .. \at(len, Pre) - 1];
        loop variant len;
     */
    while (len > 0 && off % 8 != 0) {
        *out++ = (uint8_t)(A[ways * (off / 8) + j] >> (8 * (off % 8)));
        off++;
        len--;
    }
    /*@ loop invariant \at(off, Pre) <= off;
        loop invariant off + len == \at(off, Pre) + \at(len, Pre);
        loop invariant out == \at(out, Pre) + (off - \at(off, Pre));
        loop assigns off, len, out, \at(out, Pre)[0 .. \at(len, Pre) - 1];
        loop variant len;
     */
    for (; len >= 8; len -= 8, off += 8, out += 8)
        store64_le(out, A[ways * (off / 8) + j]);
    /*@ loop invariant \at(off, Pre) <= off;
        loop invariant off + len == \at(off, Pre) + \at(len, Pre);
        loop invariant out == \at(out, Pre) + (off - \at(off, Pre));
        loop assigns off, len, out, \at(out, Pre)[0 .. \at(len, Pre) - 1];
        loop variant len;
     */
    for (; len > 0; len--, off++)
        *out++ = (uint8_t)(A[ways * (off / 8) + j] >> (8 * (off % 8)));
}

/* XOR len bytes of in into the state from byte offset off. */
/*@ requires \valid(A + (0 .. KECCAK1600_LANES - 1));
    requires off + len <= KECCAK1600_WIDTH_BYTES;
    requires \valid_read(in + (0 .. len - 1));
    assigns A[0 .. KECCAK1600_LANES - 1];
 */
void KECCAK1600_xor_bytes(uint64_t A[KECCAK1600_LANES], size_t off,
                          const uint8_t *in, size_t len)
{
    xor_bytes(A, 1, 0, off, in, len);
}

/* Copy len bytes of the state from byte offset off into out. */
/*@ requires \valid_read(A + (0 .. KECCAK1600_LANES - 1));
    requires off + len <= KECCAK1600_WIDTH_BYTES;
    requires \valid(out + (0 .. len - 1));
    assigns out[0 .. len - 1];
 */
void KECCAK1600_extract_bytes(const uint64_t A[KECCAK1600_LANES], size_t off,
                              uint8_t *out, size_t len)
{
    extract_bytes(A, 1, 0, off, out, len);
}

/*
 * The last block of an input shorter than the rate, padded (FIPS 202
 * section 6, pad10*1; rate a multiple of 8), written into state j of ways
 * interleaved states without a permutation: in, the domain suffix and
 * first pad bit pad at byte len, and the last pad bit at byte rate - 1.
 * Only the words those bytes fall in are written; the mask of the others,
 * all to be zero, is returned (see include/internal/sha3.h).  in is not
 * in the state.
 */
/*@ requires (ways == 1 || ways == 2 || ways == 4 || ways == 8) && j < ways;
    requires \valid(A + (0 .. ways * KECCAK1600_LANES - 1));
    requires rate % 8 == 0 && 8 <= rate <= KECCAK1600_WIDTH_BYTES;
    requires len < rate;
    requires \valid_read(in + (0 .. len - 1));
    requires \separated(A + (0 .. ways * KECCAK1600_LANES - 1),
                        in + (0 .. len - 1));
    assigns A[0 .. ways * KECCAK1600_LANES - 1];
    ensures \result <= KECCAK1600_ALL_WORDS;
 */
uint32_t KECCAK1600_set_last_block_words_xn(uint64_t *A, size_t ways,
                                            size_t j, const uint8_t *in,
                                            size_t len, uint8_t pad,
                                            size_t rate)
{
    size_t full = len / 8, tail = len % 8, last = rate / 8 - 1, i;
    uint64_t w = (uint64_t)pad << (8 * tail), *p = A + j;
    uint32_t rest = KECCAK1600_ALL_WORDS & ~((2u << full) - 1);

    /*@ loop invariant 0 <= i <= full;
        loop invariant p == A + (ways * i + j);
        loop invariant in == \at(in, Pre) + 8 * i;
        loop assigns i, p, in, A[0 .. ways * KECCAK1600_LANES - 1];
        loop variant full - i;
     */
    for (i = 0; i < full; i++, p += ways, in += 8)
        *p = load64_le(in);
    w |= load_le(in, tail);
    if (last == full) {
        *p = w ^ (uint64_t)KECCAK1600_PAD_LAST << 56;
        return rest;
    }
    *p = w;
    A[ways * last + j] = (uint64_t)KECCAK1600_PAD_LAST << 56;
    return rest & ~(1u << last);
}

/*@ axiomatic WordMaskBits {
      // Instances of ACSL's two's complement & (Frama-C's ACSL manual,
      // 2.2.4) on the word masks below.  Admitted: WP's solvers have no
      // theory of & on unbounded integers (Frama-C's why3 library states
      // land x y <= x for x >= 0, which the solvers do not get for the
      // masks here).  util/prove checks them with Perl's & on a range of
      // x and m.  m & x keeps some of the bits of m and of x:
      axiom all_words_and: \forall integer x, m; m == KECCAK1600_ALL_WORDS ==>
        0 <= (m & x) <= m;
      axiom and15_le: \forall integer x; 0 <= x ==> 0 <= (15 & x) <= x;
      // an even m (bit 0 clear) has no bit in common with 0 or 1:
      axiom and_even_low: \forall integer x, m; 0 <= x <= 1 && m % 2 == 0 ==>
        (m & x) == 0;
    }
 */

/* Zero the words of state j of ways interleaved states in mask. */
/*@ requires 1 <= ways <= 8 && j < ways;
    requires \valid(A + (0 .. ways * KECCAK1600_LANES - 1));
    requires mask <= KECCAK1600_ALL_WORDS;
    assigns A[0 .. ways * KECCAK1600_LANES - 1];
 */
void KECCAK1600_zero_words_xn(uint64_t *A, size_t ways, size_t j,
                              uint32_t mask)
{
    size_t i;

    /* four words per turn, at once when all four are to be zeroed (the
     * runs of a fresh lane's mask) */
    /* bit 0 of mask is word (i - j) / ways, the words beyond 24 have none */
    /*@ loop invariant (i == j && mask < 33554432)
            || (i == j + 4 * ways && mask < 2097152)
            || (i == j + 8 * ways && mask < 131072)
            || (i == j + 12 * ways && mask < 8192)
            || (i == j + 16 * ways && mask < 512)
            || (i == j + 20 * ways && mask < 32)
            || (i == j + 24 * ways && mask < 2)
            || (i == j + 28 * ways && mask == 0);
        loop assigns i, mask, A[0 .. ways * KECCAK1600_LANES - 1];
        loop variant mask;
     */
    for (i = j; mask != 0; i += 4 * ways, mask >>= 4) {
        if ((mask & 15) == 15) {
            A[i] = A[i + ways] = A[i + 2 * ways] = A[i + 3 * ways] = 0;
            continue;
        }
        if (mask & 1)
            A[i] = 0;
        if (mask & 2)
            A[i + ways] = 0;
        if (mask & 4)
            A[i + 2 * ways] = 0;
        if (mask & 8)
            A[i + 3 * ways] = 0;
    }
}

/* KECCAK1600_xor_bytes on state j of ways interleaved states. */
/*@ requires (ways == 1 || ways == 2 || ways == 4 || ways == 8) && j < ways;
    requires \valid(A + (0 .. ways * KECCAK1600_LANES - 1));
    requires off + len <= KECCAK1600_WIDTH_BYTES;
    requires \valid_read(in + (0 .. len - 1));
    assigns A[0 .. ways * KECCAK1600_LANES - 1];
 */
void KECCAK1600_xor_bytes_xn(uint64_t *A, size_t ways, size_t j, size_t off,
                             const uint8_t *in, size_t len)
{
    xor_bytes(A, ways, j, off, in, len);
}

/* KECCAK1600_extract_bytes on state j of ways interleaved states. */
/*@ requires (ways == 1 || ways == 2 || ways == 4 || ways == 8) && j < ways;
    requires \valid_read(A + (0 .. ways * KECCAK1600_LANES - 1));
    requires off + len <= KECCAK1600_WIDTH_BYTES;
    requires \valid(out + (0 .. len - 1));
    assigns out[0 .. len - 1];
 */
void KECCAK1600_extract_bytes_xn(const uint64_t *A, size_t ways, size_t j,
                                 size_t off, uint8_t *out, size_t len)
{
    extract_bytes(A, ways, j, off, out, len);
}
