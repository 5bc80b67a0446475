//! Words of lanes: a value whose bits are independent vectors, the unit
//! of the bit-parallel simulator (`crate`) and of the oracles'
//! bit-sliced forms. A `u64` carries 64 lanes, a [`Wide<K>`] 64 x K (the
//! compiler turns its loops into SIMD instructions).

use std::ops::{BitAnd, BitOr, BitXor, Not};

/// A machine word of lanes: what one slot holds.
pub trait Word: Copy + BitAnd<Output = Self> + BitOr<Output = Self> + BitXor<Output = Self> + Not<Output = Self> {
    /// Every lane 0.
    const ZERO: Self;
    /// Every lane 1.
    const ONES: Self;
    /// How many lanes.
    const LANES: usize;
    /// The lanes as 64-bit words: lane `64 * k + i` is bit i of word k.
    fn words(&self) -> &[u64];
    /// The lanes as 64-bit words, to write.
    fn words_mut(&mut self) -> &mut [u64];
    /// The word whose 64-bit words are `w` (`LANES / 64` of them).
    #[inline(always)]
    fn from_words(w: &[u64]) -> Self {
        let mut x = Self::ZERO;
        x.words_mut().copy_from_slice(w);
        x
    }
}

impl Word for u64 {
    const ZERO: u64 = 0;
    const ONES: u64 = u64::MAX;
    const LANES: usize = 64;
    fn words(&self) -> &[u64] {
        std::slice::from_ref(self)
    }
    fn words_mut(&mut self) -> &mut [u64] {
        std::slice::from_mut(self)
    }
}

/// K words side by side: lane `64 * k + i` is bit i of word k.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(64))]
pub struct Wide<const K: usize>(pub [u64; K]);

impl<const K: usize> Word for Wide<K> {
    const ZERO: Self = Wide([0; K]);
    const ONES: Self = Wide([u64::MAX; K]);
    const LANES: usize = 64 * K;
    fn words(&self) -> &[u64] {
        &self.0
    }
    fn words_mut(&mut self) -> &mut [u64] {
        &mut self.0
    }
}

macro_rules! wide_op {
    ($trait:ident, $method:ident, $op:tt) => {
        impl<const K: usize> $trait for Wide<K> {
            type Output = Self;
            #[inline(always)]
            fn $method(self, other: Self) -> Self {
                let mut out = self.0;
                for (o, b) in out.iter_mut().zip(other.0) {
                    *o = $trait::$method(*o, b);
                }
                Wide(out)
            }
        }
    };
}
wide_op!(BitAnd, bitand, &);
wide_op!(BitOr, bitor, |);
wide_op!(BitXor, bitxor, ^);

impl<const K: usize> Not for Wide<K> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Wide(self.0.map(|w| !w))
    }
}

/// 512 lanes in one AVX-512 register, for code compiled with
/// `#[target_feature(enable = "avx512f")]` and run only where the CPU has
/// it (its operations are that feature's instructions).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct Zmm(pub std::arch::x86_64::__m512i);

#[cfg(target_arch = "x86_64")]
mod zmm {
    use super::{Word, Zmm};
    use std::arch::x86_64::*;
    use std::ops::{BitAnd, BitOr, BitXor, Not};

    impl Word for Zmm {
        // Safety: an __m512i is 64 bytes of plain bits.
        const ZERO: Zmm = Zmm(unsafe { std::mem::transmute::<[u64; 8], __m512i>([0; 8]) });
        const ONES: Zmm = Zmm(unsafe { std::mem::transmute::<[u64; 8], __m512i>([u64::MAX; 8]) });
        const LANES: usize = 512;
        fn words(&self) -> &[u64] {
            // Safety: the same 64 bytes seen as eight words.
            unsafe { &*(self as *const Zmm as *const [u64; 8]) }
        }
        fn words_mut(&mut self) -> &mut [u64] {
            // Safety: as above.
            unsafe { &mut *(self as *mut Zmm as *mut [u64; 8]) }
        }
    }

    macro_rules! zmm_op {
        ($trait:ident, $method:ident, $intrinsic:ident) => {
            impl $trait for Zmm {
                type Output = Zmm;
                #[inline(always)]
                fn $method(self, other: Zmm) -> Zmm {
                    // Safety: Zmm is only used in code that runs where the
                    // CPU has AVX-512F (see the type's documentation).
                    Zmm(unsafe { $intrinsic(self.0, other.0) })
                }
            }
        };
    }
    zmm_op!(BitAnd, bitand, _mm512_and_si512);
    zmm_op!(BitOr, bitor, _mm512_or_si512);
    zmm_op!(BitXor, bitxor, _mm512_xor_si512);

    impl Not for Zmm {
        type Output = Zmm;
        #[inline(always)]
        fn not(self) -> Zmm {
            // Safety: as above.
            Zmm(unsafe { _mm512_ternarylogic_epi64(self.0, self.0, self.0, 0x55) })
        }
    }
}
