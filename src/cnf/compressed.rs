//! Compressed input: gzip and xz, as minisat and kissat read them, recognised by their magic
//! bytes whatever the file is called, and capped so that a small file that expands without end
//! (a "zip bomb") is refused instead of filling memory.

use std::io::Read;

/// The most bytes a compressed input may expand to.
pub const MAX_DECOMPRESSED: u64 = 1 << 30;

const GZIP: &[u8] = &[0x1f, 0x8b];
const XZ: &[u8] = &[0xfd, b'7', b'z', b'X', b'Z', 0];

/// Why compressed input could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CompressedError {
    /// The bytes start like gzip but are not a whole gzip stream.
    #[error("gzip (by its first bytes): not a whole gzip stream: {0}")]
    Gzip(std::io::Error),
    /// The bytes start like xz but are not a whole xz stream.
    #[error("xz (by its first bytes): not a whole xz stream: {0}")]
    Xz(std::io::Error),
    /// The stream expands past [`MAX_DECOMPRESSED`].
    #[error(
        "decompressed, it is larger than {} MiB, the most satpuz reads from a compressed file",
        MAX_DECOMPRESSED >> 20
    )]
    TooLarge,
}

/// The bytes of `input` decompressed when they start with gzip's or xz's magic bytes, and
/// `input` itself otherwise.
pub fn decompress(input: Vec<u8>) -> Result<Vec<u8>, CompressedError> {
    decompress_capped(input, MAX_DECOMPRESSED)
}

/// [`decompress`] with a cap of `cap` bytes (the fuzz target and tests use a small one).
pub fn decompress_capped(input: Vec<u8>, cap: u64) -> Result<Vec<u8>, CompressedError> {
    let mut out = Vec::new();
    if input.starts_with(GZIP) {
        flate2::read::MultiGzDecoder::new(&input[..])
            .take(cap + 1)
            .read_to_end(&mut out)
            .map_err(CompressedError::Gzip)?;
    } else if input.starts_with(XZ) {
        // lzma-rust2 rather than lzma-rs: lzma-rs 0.3 overflows an integer on a damaged
        // index (a panic with overflow checks on), found by the `compressed_input` fuzz target.
        lzma_rust2::XzReader::new(&input[..], true)
            .take(cap + 1)
            .read_to_end(&mut out)
            .map_err(CompressedError::Xz)?;
    } else {
        return Ok(input);
    }
    if out.len() as u64 > cap {
        return Err(CompressedError::TooLarge);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(bytes).unwrap();
        encoder.finish().unwrap()
    }

    #[test]
    fn plain_bytes_pass_through_and_gzip_round_trips() {
        let text = b"p cnf 1 1\n1 0\n".to_vec();
        assert_eq!(decompress(text.clone()).unwrap(), text);
        assert_eq!(decompress(gzip(&text)).unwrap(), text);
    }

    #[test]
    fn the_cap_is_exact_and_a_cut_stream_is_an_error() {
        let zeros = gzip(&[0; 1000]);
        assert_eq!(decompress_capped(zeros.clone(), 1000).unwrap().len(), 1000);
        assert!(matches!(
            decompress_capped(zeros.clone(), 999),
            Err(CompressedError::TooLarge)
        ));
        assert!(matches!(
            decompress(zeros[..zeros.len() / 2].to_vec()),
            Err(CompressedError::Gzip(_))
        ));
        assert!(matches!(
            decompress(XZ.to_vec()),
            Err(CompressedError::Xz(_))
        ));
    }
}
