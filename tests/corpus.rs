//! Corpora of generated grids (`generate grid --corpus`): the same bytes on any number of
//! threads and of shards, a killed shard resumed to the same bytes, every record's puzzle made
//! again alone from the seed it names, and `corpus check` finding what is wrong, by line.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::satpuz;
use serde_json::Value;

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("satpuz-corpus-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A small mixed corpus: two sizes, two levels, two records each.
const SMALL: &[&str] = &[
    "generate",
    "grid",
    "--sizes",
    "4x3,4x4",
    "--levels",
    "easy,medium",
    "--per-cell",
    "2",
    "--seed",
    "7",
];

fn records(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("each line is a JSON record"))
        .collect()
}

#[test]
fn records_are_the_same_on_one_thread_and_two_and_each_puzzle_is_made_again_from_its_seed() {
    let run = |jobs: &str| {
        let out = satpuz(&[SMALL, &["-j", jobs]].concat());
        assert_eq!(out.code, 0, "{out:?}");
        out.stdout
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let records = records(&one);
    assert_eq!(records.len(), 8);
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r["index"], i as u64);
        let size = ["4x3", "4x4"][i / 4];
        let level = ["easy", "medium"][(i / 2) % 2];
        assert_eq!(r["size"], size);
        assert_eq!(r["requested_level"], level);
        assert_eq!(r["difficulty"]["level"], level, "record {i}");
        assert_eq!(r["certificate"]["drat_sha256"].as_str().unwrap().len(), 64);
        assert!(r["steps"].as_array().is_some_and(|s| !s.is_empty()));
        // The puzzle is what `generate grid` makes alone from the seed the record names.
        let seed = r["generator"]["seed"].as_u64().unwrap().to_string();
        let (p, c) = size.split_once('x').unwrap();
        let alone = satpuz(&[
            "generate",
            "grid",
            "--positions",
            p,
            "--categories",
            c,
            "--seed",
            &seed,
            "--json",
        ]);
        assert_eq!(alone.code, 0, "{alone:?}");
        let alone: Value = serde_json::from_str(&alone.stdout).unwrap();
        assert_eq!(alone, r["puzzle"], "record {i}");
        // The answer is the one `solve` finds, by the other encoding.
        let file = scratch(&format!("solve{i}")).join("p.json");
        std::fs::write(&file, r["puzzle"].to_string()).unwrap();
        let solved = satpuz(&["solve", path(&file), "--json", "--encoding", "bits"]);
        assert_eq!(solved.code, 0, "{solved:?}");
        let solved: Value = serde_json::from_str(&solved.stdout).unwrap();
        assert_eq!(solved["answer"], r["answer"], "record {i}");
        assert_eq!(solved["unique"], true);
    }
}

/// Starts `satpuz args` in the background, its output thrown away.
fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_satpuz"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("satpuz starts")
}

#[test]
fn four_shards_run_at_once_concatenate_to_the_whole_corpus() {
    let dir = scratch("shards");
    let base = [
        "generate",
        "grid",
        "--sizes",
        "3x3..4x4",
        "--per-cell",
        "3",
        "--seed",
        "11",
        "-j",
        "1",
    ];
    let whole = dir.join("whole.jsonl");
    let out = satpuz(&[&base[..], &["-o", path(&whole)]].concat());
    assert_eq!(out.code, 0, "{out:?}");
    let shards: Vec<PathBuf> = (1..=4)
        .map(|k| dir.join(format!("part{k}.jsonl")))
        .collect();
    let children: Vec<_> = shards
        .iter()
        .enumerate()
        .map(|(k, file)| {
            let shard = format!("{}/4", k + 1);
            spawn(&[&base[..], &["--shard", &shard, "-o", path(file)]].concat())
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let mut joined = Vec::new();
    for file in &shards {
        let part = std::fs::read(file).unwrap();
        assert!(!part.is_empty());
        joined.extend(part);
    }
    let whole = std::fs::read(&whole).unwrap();
    assert_eq!(records(&String::from_utf8_lossy(&whole)).len(), 12);
    assert!(joined == whole, "the shards differ from the whole corpus");
    assert!(
        !std::fs::read_dir(&dir).unwrap().any(|e| e
            .unwrap()
            .path()
            .to_string_lossy()
            .ends_with(".partial")),
        "a whole shard leaves no .partial file"
    );
}

#[test]
fn a_killed_shard_resumes_from_its_last_whole_record_to_the_same_bytes() {
    let dir = scratch("resume");
    let base = [
        "generate", "grid", "--corpus", "--count", "60", "--seed", "5", "-j", "1",
    ];
    let reference = dir.join("reference.jsonl");
    let out = satpuz(&[&base[..], &["-o", path(&reference)]].concat());
    assert_eq!(out.code, 0, "{out:?}");
    let reference = std::fs::read(&reference).unwrap();

    let file = dir.join("corpus.jsonl");
    let partial = dir.join("corpus.jsonl.partial");
    let mut child = spawn(&[&base[..], &["-o", path(&file)]].concat());
    // Killed (SIGKILL: no clean-up) once a few records are written.
    let start = Instant::now();
    while std::fs::metadata(&partial).map_or(0, |m| m.len()) < 40_000 {
        assert!(start.elapsed() < Duration::from_secs(60), "no progress");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!file.exists(), "the run finished before it could be killed");
    // Whatever the kill left, a half-written record is there now.
    let mut left = std::fs::read(&partial).unwrap();
    let whole_lines = left.iter().filter(|&&b| b == b'\n').count();
    assert!(whole_lines < 60);
    left.extend_from_slice(br#"{"schema_version":1,"index":"#);
    std::fs::write(&partial, &left).unwrap();

    // Without --resume the partial file is refused, not overwritten.
    let refused = satpuz(&[&base[..], &["-o", path(&file)]].concat());
    assert_eq!(refused.code, 1, "{refused:?}");
    assert!(refused.stderr.contains("--resume"), "{refused:?}");

    let resumed = satpuz(&[&base[..], &["-o", path(&file), "--resume"]].concat());
    assert_eq!(resumed.code, 0, "{resumed:?}");
    assert!(resumed.stderr.contains("half-written"), "{resumed:?}");
    assert!(!partial.exists());
    assert!(
        std::fs::read(&file).unwrap() == reference,
        "resumed bytes differ"
    );

    // A whole file is not made again, nor overwritten without --force.
    let again = satpuz(&[&base[..], &["-o", path(&file), "--resume"]].concat());
    assert_eq!(again.code, 0, "{again:?}");
    let refused = satpuz(&[&base[..], &["-o", path(&file)]].concat());
    assert_eq!(refused.code, 1, "{refused:?}");
    assert!(refused.stderr.contains("--force"), "{refused:?}");
}

#[test]
fn a_partial_file_of_another_corpus_is_not_continued() {
    let dir = scratch("other");
    let file = dir.join("c.jsonl");
    let first = satpuz(&[
        "generate",
        "grid",
        "--corpus",
        "--count",
        "2",
        "--seed",
        "1",
        "-o",
        path(&file),
    ]);
    assert_eq!(first.code, 0, "{first:?}");
    std::fs::rename(&file, dir.join("c.jsonl.partial")).unwrap();
    let other = satpuz(&[
        "generate",
        "grid",
        "--corpus",
        "--count",
        "4",
        "--seed",
        "2",
        "-o",
        path(&file),
        "--resume",
    ]);
    assert_eq!(other.code, 1, "{other:?}");
    assert!(other.stderr.contains("line 2"), "{other:?}");
}

#[test]
fn words_read_as_english_and_numbered_names_stay_reachable() {
    let worded = satpuz(&["generate", "grid", "--seed", "3", "--json"]);
    assert_eq!(worded.code, 0, "{worded:?}");
    assert_eq!(
        worded.stdout,
        satpuz(&["generate", "grid", "--seed", "3", "--json"]).stdout
    );
    let p: Value = serde_json::from_str(&worded.stdout).unwrap();
    for clue in p["clues"].as_array().unwrap() {
        let text = clue["text"].as_str().expect("every clue has a sentence");
        assert!(text.ends_with('.'), "{text}");
        assert!(text.chars().next().unwrap().is_uppercase(), "{text}");
        assert!(!text.contains("not:"), "{text}");
        assert!(!text.chars().any(|c| c.is_ascii_digit()), "{text}");
    }
    for cat in p["categories"].as_array().unwrap() {
        for v in cat["values"].as_array().unwrap() {
            assert!(
                !v.as_str().unwrap().chars().any(|c| c.is_ascii_digit()),
                "{v}"
            );
        }
    }
    // The negated clues say so in words.
    let negated: Vec<&str> = p["clues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["not"] == true)
        .map(|c| c["text"].as_str().unwrap())
        .collect();
    assert!(negated.iter().all(|t| t.contains(" not ")), "{negated:?}");

    let numbered = satpuz(&[
        "generate", "grid", "--seed", "3", "--json", "--names", "numbered",
    ]);
    let n: Value = serde_json::from_str(&numbered.stdout).unwrap();
    assert_eq!(n["categories"][0]["values"][0], "person1");
    assert!(n["source"].as_str().unwrap().contains("--names numbered"));
    // The same clues, renamed: the words are a renaming of the numbered puzzle.
    assert_eq!(
        n["clues"].as_array().unwrap().len(),
        p["clues"].as_array().unwrap().len()
    );
    // Past the settings' size, words are refused and auto numbers.
    let large = satpuz(&[
        "generate",
        "grid",
        "--positions",
        "9",
        "--categories",
        "3",
        "--names",
        "words",
    ]);
    assert_eq!(large.code, 1, "{large:?}");
    let auto = satpuz(&[
        "generate",
        "grid",
        "--positions",
        "9",
        "--categories",
        "3",
        "--json",
    ]);
    assert!(auto.stdout.contains("person1"), "{auto:?}");
}

#[test]
fn bad_corpus_flags_are_refused_before_any_work() {
    for (args, says) in [
        (&["--sizes", "5x"][..], "5x"),
        (&["--sizes", "2x5"], "--positions 2"),
        (&["--shard", "5/4"], "1 <= K <= M"),
        (&["--levels", "easy,easy"], "twice"),
        (&["--sizes", "4x4,5x5", "--count", "3"], "--per-cell"),
        (&["--corpus", "--drop", "1"], "--drop"),
        (&["--corpus", "--resume"], "-o"),
    ] {
        let out = satpuz(&[&["generate", "grid"][..], args].concat());
        assert_ne!(out.code, 0, "{args:?}: {out:?}");
        assert!(out.stderr.contains(says), "{args:?}: {out:?}");
    }
}

/// Renames every value of a record (puzzle and answer): the same puzzle under other names.
fn renamed(record: &Value) -> Value {
    let mut text = record.to_string();
    for cat in record["puzzle"]["categories"].as_array().unwrap() {
        for v in cat["values"].as_array().unwrap() {
            let v = v.as_str().unwrap();
            text = text.replace(&format!("\"{v}\""), &format!("\"{v}_x\""));
        }
    }
    serde_json::from_str(&text).unwrap()
}

#[test]
fn corpus_check_passes_a_built_corpus_and_names_the_line_of_each_problem() {
    let dir = scratch("check");
    let file = dir.join("c.jsonl");
    let built = satpuz(&[SMALL, &["-o", path(&file)]].concat());
    assert_eq!(built.code, 0, "{built:?}");
    let good = satpuz(&["corpus", "check", path(&file)]);
    assert_eq!(good.code, 0, "{good:?}");
    assert!(good.stdout.contains("8 of 8 record(s) passed"), "{good:?}");
    assert!(good.stdout.contains("all pass"), "{good:?}");
    // Levels tallied per size and level asked.
    assert!(
        good.stdout
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["4x4", "medium", "medium", "2"]),
        "{good:?}"
    );

    let text = std::fs::read_to_string(&file).unwrap();
    let mut rs = records(&text);
    // Line 2: the answer tampered with; line 3: a level other than asked; line 5: the
    // certificate's hash; line 9: record 0 renamed (a duplicate, and an index out of order);
    // line 10: not JSON.
    let first_row = rs[1]["answer"]["positions"][0].clone();
    rs[1]["answer"]["positions"][0] = rs[1]["answer"]["positions"][1].clone();
    rs[1]["answer"]["positions"][1] = first_row;
    rs[2]["requested_level"] = "hard".into();
    rs[4]["certificate"]["drat_sha256"] = "00".repeat(32).into();
    let copy = renamed(&rs[0]);
    assert_ne!(copy["puzzle"], rs[0]["puzzle"]);
    rs.push(copy);
    let mut lines: Vec<String> = rs.iter().map(Value::to_string).collect();
    lines.push("{not json".into());
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    let out = satpuz(&["corpus", "check", path(&bad)]);
    assert_eq!(out.code, 5, "{out:?}");
    for says in [
        "line 2: the certified answer differs",
        "line 2: varisat on the bit encoding finds another answer",
        "line 3: rated medium, but hard was asked",
        "line 5: the certificate proved again has another SHA-256",
        "line 9: the same puzzle as line 1",
        "line 9: index 0 where 8 was next",
        "line 10: not a JSON record",
    ] {
        assert!(out.stdout.contains(says), "{says}: {out:?}");
    }
    // The summary claims proofs only for the lines that passed.
    assert!(
        out.stdout.contains("5 of 10 record(s) passed") && out.stdout.contains("on 5 line(s)"),
        "{out:?}"
    );
    // Lines without a problem are not named.
    for quiet in ["line 1:", "line 4:", "line 6:", "line 7:", "line 8:"] {
        assert!(!out.stdout.contains(quiet), "{quiet}: {out:?}");
    }
    let missing = satpuz(&["corpus", "check", path(&dir.join("none.jsonl"))]);
    assert_eq!(missing.code, 1, "{missing:?}");
}

/// Hex SHA-256 of a file, by the system's `sha256sum` when there is one (an independent
/// implementation); None without it.
fn sha256sum(file: &Path) -> Option<String> {
    let out = Command::new("sha256sum").arg(file).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    Some(text.split_whitespace().next()?.to_string())
}

#[test]
fn certify_writes_each_records_certificate_which_check_drat_accepts() {
    let dir = scratch("certify");
    let certs = dir.join("certs");
    let file = dir.join("c.jsonl");
    let args = [
        "generate",
        "grid",
        "--corpus",
        "--count",
        "3",
        "--sizes",
        "4x4",
        "--certify",
        path(&certs),
        "-o",
        path(&file),
    ];
    let out = satpuz(&args);
    assert_eq!(out.code, 0, "{out:?}");
    for (i, r) in records(&std::fs::read_to_string(&file).unwrap())
        .iter()
        .enumerate()
    {
        let sub = certs.join(r["certificate"]["dir"].as_str().unwrap());
        assert_eq!(sub, certs.join(format!("{i:08}")));
        let (cnf, proof) = (sub.join("refuted.cnf"), sub.join("proof.drat"));
        let checked = satpuz(&["check-drat", path(&cnf), path(&proof)]);
        assert_eq!(checked.code, 0, "{checked:?}");
        assert!(checked.stdout.starts_with("s VERIFIED"), "{checked:?}");
        if let Some(hash) = sha256sum(&proof) {
            assert_eq!(r["certificate"]["drat_sha256"], hash.as_str());
        }
    }
    // Certificates are not overwritten without --force.
    let again = satpuz(&[&args[..9], &["-o", path(&dir.join("d.jsonl"))]].concat());
    assert_eq!(again.code, 1, "{again:?}");
    assert!(again.stderr.contains("--force"), "{again:?}");
}
