//! The compressed-input reader (gzip, xz, by magic bytes) on arbitrary bytes, then the DIMACS
//! reader on what it gave: an error or bytes, never a panic, and never more than the cap
//! (1 MiB here, so that a small "zip bomb" is a finding of the cap, not of the RSS limit).
#![no_main]

use libfuzzer_sys::fuzz_target;
use satpuz::cnf::compressed::decompress_capped;

const CAP: u64 = 1 << 20;

fuzz_target!(|data: &[u8]| {
    // Plain bytes pass through whole; decompressed ones stay within the cap.
    if let Ok(bytes) = decompress_capped(data.to_vec(), CAP) {
        assert!(bytes.len() as u64 <= CAP.max(data.len() as u64));
        let _ = satpuz::cnf::dimacs::parse_cnf(&bytes, true);
    }
});
