//! DIMACS as solvers' users keep it (issue 11): gzip and xz input recognised by their first
//! bytes whatever the file is called, and `c ind` projection lines (model-counting competition
//! format) read like `c p show`. Counts are checked against a brute force over the plain
//! formula, by running the binary.

mod common;

use std::io::Write;

use common::cnf::PlainCnf;
use common::{Run, path_str, satpuz, satpuz_with_stdin, scratch_dir};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(bytes).unwrap();
    z.finish().unwrap()
}

fn xz(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    lzma_rs::xz_compress(&mut &bytes[..], &mut out).unwrap();
    out
}

/// The count `count --json` printed; exit 0, or 2 ("no solution") for a count of 0.
fn counted(o: &Run) -> u64 {
    let v: serde_json::Value =
        serde_json::from_str(&o.stdout).unwrap_or_else(|e| panic!("{e}: {o:?}"));
    assert_eq!(v["complete"], true, "{v}");
    let n = v["solutions"].as_u64().unwrap();
    assert_eq!(o.code, if n == 0 { 2 } else { 0 }, "{o:?}");
    n
}

#[test]
fn gzip_xz_and_c_ind_files_count_as_the_brute_force_does() {
    let dir = scratch_dir("compressed-counts");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut projected = 0;
    for i in 0..40 {
        let cnf = PlainCnf::random(&mut rng, i % 4 != 0);
        let expected = cnf.brute_force_count();
        let plain = cnf.to_dimacs();
        // The model-counting competition's spelling of the same projection.
        let ind = plain.replace("c p show", "c ind");
        if cnf.show.is_some() {
            projected += 1;
            assert!(ind.starts_with("c ind "), "{ind}");
        }
        let files: [(String, Vec<u8>); 5] = [
            (format!("{i}.cnf"), plain.clone().into_bytes()),
            (format!("{i}-ind.cnf"), ind.clone().into_bytes()),
            (format!("{i}.cnf.gz"), gzip(plain.as_bytes())),
            // No telling name: the first bytes decide.
            (format!("{i}-ind.data"), gzip(ind.as_bytes())),
            (format!("{i}.cnf.xz"), xz(ind.as_bytes())),
        ];
        for (name, bytes) in &files {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            let o = satpuz(&["count", path_str(&path), "--all", "--json"]);
            assert_eq!(counted(&o), expected, "{name}:\n{plain}");
        }
        let o = satpuz_with_stdin(&["count", "-", "--all", "--json"], &gzip(ind.as_bytes()));
        assert_eq!(counted(&o), expected, "stdin, gzip:\n{ind}");
    }
    assert!(projected >= 20, "{projected}");
}

#[test]
fn a_c_ind_projection_is_reported_and_checked_like_c_p_show() {
    let dir = scratch_dir("compressed-ind");
    // Three free variables, projected on the first: 2 answers, not 8.
    let path = dir.join("free.cnf");
    std::fs::write(&path, "c ind 1 0\np cnf 3 1\n1 2 3 0\n").unwrap();
    let o = satpuz(&["count", path_str(&path), "--all"]);
    assert_eq!(o.code, 0, "{o:?}");
    assert!(o.stdout.contains(": 2 solution(s)"), "{o:?}");
    assert!(o.stdout.contains("`c ind`"), "{o:?}");
    // Several `c ind` lines add up, as in competition files.
    std::fs::write(&path, "c ind 1 0\nc ind 2 0\np cnf 3 0\n").unwrap();
    let o = satpuz(&["count", path_str(&path), "--all"]);
    assert!(o.stdout.contains(": 4 solution(s)"), "{o:?}");
    // The same checks as `c p show`: a terminating 0, variables within the header.
    for (text, says) in [
        ("c ind 1 2\np cnf 3 0\n", "line 1: bad projection line"),
        ("c ind 7 0\np cnf 3 0\n", "beyond the 3 declared"),
    ] {
        std::fs::write(&path, text).unwrap();
        let o = satpuz(&["count", path_str(&path), "--all"]);
        assert_eq!(o.code, 1, "{text}: {o:?}");
        assert!(o.stderr.contains(says), "{text}: {o:?}");
    }
}

#[test]
fn a_broken_or_endless_compressed_file_is_a_clear_error() {
    let dir = scratch_dir("compressed-bad");
    let whole = gzip(b"p cnf 2 1\n1 2 0\n");
    let cut = dir.join("cut.cnf.gz");
    std::fs::write(&cut, &whole[..whole.len() - 6]).unwrap();
    let o = satpuz(&["count", path_str(&cut), "--all"]);
    assert_eq!(o.code, 1, "{o:?}");
    assert!(o.stderr.contains("cut.cnf.gz: gzip"), "{o:?}");
    assert!(o.stderr.contains("not a whole gzip stream"), "{o:?}");

    let whole = xz(b"p cnf 2 1\n1 2 0\n");
    let cut = dir.join("cut.xz");
    std::fs::write(&cut, &whole[..whole.len() - 6]).unwrap();
    let o = satpuz(&["solve", path_str(&cut)]);
    assert_eq!(o.code, 1, "{o:?}");
    assert!(o.stderr.contains("not a whole xz stream"), "{o:?}");

    // A small file that expands past the limit: 17 gzip members of 64 MiB of comment bytes
    // each (1088 MiB in all, 1024 allowed). Refused, not read into memory without end.
    let mut block = b"c ".to_vec();
    block.resize(64 << 20, b'x');
    let member = gzip(&block);
    let bomb = dir.join("bomb.cnf.gz");
    std::fs::write(&bomb, member.repeat(17)).unwrap();
    assert!(std::fs::metadata(&bomb).unwrap().len() < 8 << 20);
    let o = satpuz(&["solve", path_str(&bomb)]);
    assert_eq!(o.code, 1, "{o:?}");
    assert!(o.stderr.contains("larger than 1024 MiB"), "{o:?}");
}
