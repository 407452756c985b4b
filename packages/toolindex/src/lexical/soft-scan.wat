;; The soft-term neighbour scan (see soft-scan.ts), hand-written WebAssembly with 128-bit SIMD.
;; Assembled by `npm run build:soft-scan -w @toolarsenal/toolindex` into soft-scan.generated.ts; a test reassembles
;; this file and compares the bytes.
;;
;; Memory (imported, one per matcher; byte offsets set once by `layout`):
;;   heads   f32[n * 32]  each row's first 32 dimensions, packed
;;   rows    f32[n * d]   every row in full (d a multiple of 4, at least 32)
;;   tails   f32[n]       per row, the norm of its dimensions after the head
;;   tails2  f32[n]       per row, the norm of its dimensions after `middle`
;;   query   f32[d]       the query word's vector
;;   found   i32[n]       rows at or above the threshold, in row order
;;   sims    f64[n]       their cosines
;;   cand    i32[n]       rows that pass the first bound (scratch)
;;   partial f32[n]       their heads' dot products (scratch)
;;   heads16 i16[n * 32]  the packed heads quantised (head × scale, rounded; every |value| ≤ 16383)
;;   query16 i16[32]      the query's head quantised the same way, with its own scale
;;
;; Pruning reads the quantised heads: int16 dot products, exact in int32 (every value and every head's norm is at
;; most 16383, so by Cauchy–Schwarz no sum reaches 2^31), then float32 sums for the next 32 dimensions. A row is
;; skipped only when its bound misses the threshold by more than the caller's slack, which covers the quantisation
;; error (bounded by the caller from the two scales) and float32 rounding. The cosine of a row that survives both
;; bounds is then computed in float64 in exactly the order of SoftTermMatcher's JavaScript scan (four partial sums
;; over the head, then one running sum), so both return the same rows with the same values.
(module
  (import "env" "memory" (memory 1))
  (global $n (mut i32) (i32.const 0))
  (global $d (mut i32) (i32.const 0))
  (global $middle (mut i32) (i32.const 0))
  (global $heads (mut i32) (i32.const 0))
  (global $rows (mut i32) (i32.const 0))
  (global $tails (mut i32) (i32.const 0))
  (global $tails2 (mut i32) (i32.const 0))
  (global $query (mut i32) (i32.const 0))
  (global $found (mut i32) (i32.const 0))
  (global $sims (mut i32) (i32.const 0))
  (global $cand (mut i32) (i32.const 0))
  (global $partial (mut i32) (i32.const 0))
  (global $heads16 (mut i32) (i32.const 0))
  (global $query16 (mut i32) (i32.const 0))

  (func (export "layout")
    (param $n i32) (param $d i32) (param $middle i32) (param $heads i32) (param $rows i32) (param $tails i32)
    (param $tails2 i32) (param $query i32) (param $found i32) (param $sims i32) (param $cand i32)
    (param $partial i32) (param $heads16 i32) (param $query16 i32)
    (global.set $n (local.get $n))
    (global.set $d (local.get $d))
    (global.set $middle (local.get $middle))
    (global.set $heads (local.get $heads))
    (global.set $rows (local.get $rows))
    (global.set $tails (local.get $tails))
    (global.set $tails2 (local.get $tails2))
    (global.set $query (local.get $query))
    (global.set $found (local.get $found))
    (global.set $sims (local.get $sims))
    (global.set $cand (local.get $cand))
    (global.set $partial (local.get $partial))
    (global.set $heads16 (local.get $heads16))
    (global.set $query16 (local.get $query16)))

  (func $sum4 (param $v v128) (result f32)
    (local.set $v
      (f32x4.add (local.get $v)
        (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15 (local.get $v) (local.get $v))))
    (f32.add (f32x4.extract_lane 0 (local.get $v)) (f32x4.extract_lane 1 (local.get $v))))

  ;; Row $r's cosine with the query in float64, in the JavaScript scan's order.
  (func $exact (param $r i32) (result f64)
    (local $h i32) (local $q i32) (local $end i32) (local $x v128) (local $y v128)
    (local $lo v128) (local $hi v128) (local $dot f64)
    (local.set $h (i32.add (global.get $heads) (i32.shl (local.get $r) (i32.const 7))))
    (local.set $q (global.get $query))
    (local.set $end (i32.add (local.get $h) (i32.const 128)))
    ;; Lanes of $lo are the partial sums s0 and s1, lanes of $hi s2 and s3.
    (loop $head
      (local.set $x (v128.load (local.get $h)))
      (local.set $y (v128.load (local.get $q)))
      (local.set $lo
        (f64x2.add (local.get $lo)
          (f64x2.mul (f64x2.promote_low_f32x4 (local.get $x)) (f64x2.promote_low_f32x4 (local.get $y)))))
      (local.set $x (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15 (local.get $x) (local.get $x)))
      (local.set $y (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15 (local.get $y) (local.get $y)))
      (local.set $hi
        (f64x2.add (local.get $hi)
          (f64x2.mul (f64x2.promote_low_f32x4 (local.get $x)) (f64x2.promote_low_f32x4 (local.get $y)))))
      (local.set $h (i32.add (local.get $h) (i32.const 16)))
      (local.set $q (i32.add (local.get $q) (i32.const 16)))
      (br_if $head (i32.lt_u (local.get $h) (local.get $end))))
    (local.set $dot
      (f64.add
        (f64.add
          (f64.add (f64x2.extract_lane 0 (local.get $lo)) (f64x2.extract_lane 1 (local.get $lo)))
          (f64x2.extract_lane 0 (local.get $hi)))
        (f64x2.extract_lane 1 (local.get $hi))))
    ;; The rest of the row, one running sum.
    (local.set $h
      (i32.add (global.get $rows)
        (i32.add (i32.mul (local.get $r) (i32.shl (global.get $d) (i32.const 2))) (i32.const 128))))
    (local.set $end (i32.add (global.get $query) (i32.shl (global.get $d) (i32.const 2))))
    (local.set $q (i32.add (global.get $query) (i32.const 128)))
    (block $done
      (loop $rest
        (br_if $done (i32.ge_u (local.get $q) (local.get $end)))
        (local.set $dot
          (f64.add (local.get $dot)
            (f64.mul (f64.promote_f32 (f32.load (local.get $h))) (f64.promote_f32 (f32.load (local.get $q))))))
        (local.set $h (i32.add (local.get $h) (i32.const 4)))
        (local.set $q (i32.add (local.get $q) (i32.const 4)))
        (br $rest)))
    (local.get $dot))

  ;; Float32 dot product of row $r and the query over dimensions 32 .. middle.
  (func $middle (param $r i32) (result f32)
    (local $p i32) (local $q i32) (local $end i32) (local $acc v128)
    (local.set $p
      (i32.add (global.get $rows)
        (i32.add (i32.mul (local.get $r) (i32.shl (global.get $d) (i32.const 2))) (i32.const 128))))
    (local.set $q (i32.add (global.get $query) (i32.const 128)))
    (local.set $end (i32.add (global.get $query) (i32.shl (global.get $middle) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $q) (local.get $end)))
        (local.set $acc
          (f32x4.add (local.get $acc) (f32x4.mul (v128.load (local.get $p)) (v128.load (local.get $q)))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (local.set $q (i32.add (local.get $q) (i32.const 16)))
        (br $next)))
    (call $sum4 (local.get $acc)))

;; Every row whose cosine with the query reaches $threshold, into found/sims; returns how many.
  ;; $qtail / $qtail2: the query's norm after the head / after middle; $bound: the threshold less the slack.
  ;; $inv: 1 / (row scale × query scale), to read the int16 dot products.
  (func (export "scan") (param $qtail f32) (param $qtail2 f32) (param $bound f32) (param $threshold f64)
    (param $inv f32) (result i32)
    (local $i i32) (local $r i32) (local $candidates i32) (local $count i32) (local $approx f32) (local $dot f64)
    (local.set $candidates (call $heads (local.get $qtail) (local.get $bound) (local.get $inv)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $candidates)))
        (local.set $r (i32.load (i32.add (global.get $cand) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $approx
          (f32.add (f32.load (i32.add (global.get $partial) (i32.shl (local.get $i) (i32.const 2))))
            (call $middle (local.get $r))))
        (if (f32.ge
              (f32.add (local.get $approx)
                (f32.mul (f32.load (i32.add (global.get $tails2) (i32.shl (local.get $r) (i32.const 2))))
                  (local.get $qtail2)))
              (local.get $bound))
          (then
            (local.set $dot (call $exact (local.get $r)))
            (if (f64.ge (local.get $dot) (local.get $threshold))
              (then
                (i32.store (i32.add (global.get $found) (i32.shl (local.get $count) (i32.const 2)))
                  (local.get $r))
                (f64.store (i32.add (global.get $sims) (i32.shl (local.get $count) (i32.const 3)))
                  (local.get $dot))
                (local.set $count (i32.add (local.get $count) (i32.const 1)))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $count))

;; The first pass, over every row's quantised head: rows whose bound reaches $bound go to cand, with their
  ;; head's dot product in partial; returns how many. Branch-free (a row is always written, the count moves only
  ;; when it passes): whether a row passes is unpredictable.
  (func $heads (param $qtail f32) (param $bound f32) (param $inv f32) (result i32)
    (local $q0 v128) (local $q1 v128) (local $q2 v128) (local $q3 v128)
    (local $r i32) (local $n i32) (local $h i32) (local $count i32) (local $a v128)
    (local $approx f32) (local $tails i32) (local $cand i32) (local $partial i32)
    (local.set $h (global.get $query16))
    (local.set $q0 (v128.load offset=0 (local.get $h)))
    (local.set $q1 (v128.load offset=16 (local.get $h)))
    (local.set $q2 (v128.load offset=32 (local.get $h)))
    (local.set $q3 (v128.load offset=48 (local.get $h)))
    (local.set $n (global.get $n))
    (local.set $h (global.get $heads16))
    (local.set $tails (global.get $tails))
    (local.set $cand (global.get $cand))
    (local.set $partial (global.get $partial))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $r) (local.get $n)))
        (local.set $a
          (i32x4.add
            (i32x4.add
              (i32x4.dot_i16x8_s (v128.load offset=0 (local.get $h)) (local.get $q0))
              (i32x4.dot_i16x8_s (v128.load offset=16 (local.get $h)) (local.get $q1)))
            (i32x4.add
              (i32x4.dot_i16x8_s (v128.load offset=32 (local.get $h)) (local.get $q2))
              (i32x4.dot_i16x8_s (v128.load offset=48 (local.get $h)) (local.get $q3)))))
        (local.set $a
          (i32x4.add (local.get $a)
            (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15 (local.get $a) (local.get $a))))
        (local.set $approx
          (f32.mul
            (f32.convert_i32_s
              (i32.add (i32x4.extract_lane 0 (local.get $a)) (i32x4.extract_lane 1 (local.get $a))))
            (local.get $inv)))
        (i32.store (i32.add (local.get $cand) (i32.shl (local.get $count) (i32.const 2))) (local.get $r))
        (f32.store (i32.add (local.get $partial) (i32.shl (local.get $count) (i32.const 2))) (local.get $approx))
        (local.set $count
          (i32.add (local.get $count)
            (f32.ge
              (f32.add (local.get $approx)
                (f32.mul (f32.load (i32.add (local.get $tails) (i32.shl (local.get $r) (i32.const 2))))
                  (local.get $qtail)))
              (local.get $bound))))
        (local.set $h (i32.add (local.get $h) (i32.const 64)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $row)))
    (local.get $count)))
