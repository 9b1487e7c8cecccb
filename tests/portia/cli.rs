//! Clue texts and the command line.

use crate::common::{Run, satpuz};
use satpuz::puzzles::portia::{CountClue, LidClue, MakerStatement, Record};
use serde_json::{Value, json};

#[test]
fn clue_texts_round_trip_and_bad_ones_are_named() {
    for text in [
        "at most 1 true",
        "at least 1 true and at least 1 false",
        "exactly 0 false",
    ] {
        assert_eq!(CountClue::parse(text).unwrap().to_string(), text);
    }
    assert_eq!(
        CountClue::parse("All false").unwrap(),
        CountClue::exactly(0)
    );
    for text in ["lids 2,1,0", "lids include 2,0", "lids 1,1,1"] {
        assert_eq!(LidClue::parse(text).unwrap().to_string(), text);
    }
    for (bad, says) in [
        ("at most one tru", "expected `true` or `false`"),
        ("all", "cannot read `all`"),
        ("mostly true", "cannot read"),
        ("", "empty"),
    ] {
        let e = CountClue::parse(bad).unwrap_err().to_string();
        assert!(
            e.contains(&format!("clue `{bad}`")) && e.contains(says),
            "{bad}: {e}"
        );
    }
    let e = LidClue::parse("lids 2,1").unwrap_err().to_string();
    assert!(e.contains("all 3 lids"), "{e}");
    let e = LidClue::parse("lids 3,0,0").unwrap_err().to_string();
    assert!(e.contains("`3` is not"), "{e}");
    let e = MakerStatement::parse_all("same 2, bellini 4, cellini 1", "--makers").unwrap_err();
    assert!(e.to_string().contains("--makers, casket 2"), "{e}");
}

#[test]
fn cli_solves_all_three_generations() {
    let Run {
        code, stdout: out, ..
    } = satpuz(&[
        "solve",
        "portia",
        "--statements",
        "1,-2,-1",
        "--clue",
        "at most 1 true",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("portrait: silver casket (2)") && out.contains("unique: yes"),
        "{out}"
    );

    let Run {
        code, stdout: out, ..
    } = satpuz(&[
        "solve",
        "portia",
        "--statements",
        "-1,-1,-3; 2,3,1",
        "--clue",
        "lids 2,1,0",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["answer"]["portrait"].clone(), v["unique"].clone()),
        (json!(3), json!(true))
    );

    // The blog's Bellini/Cellini example shape: casket 2 "different maker than 1",
    // casket 1 "casket 3 is made by Cellini", casket 3 "the portrait is in casket 2".
    let Run {
        code, stdout: out, ..
    } = satpuz(&[
        "solve",
        "portia",
        "--statements",
        "1,-1,2",
        "--makers",
        "cellini 3, different 1, bellini 2",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["answer"]["portrait"], json!(2));
    assert_eq!(v["answer"]["bellini"], json!([false, true, true]));

    let file = format!("{}/encodings/portia/67b.json", env!("CARGO_MANIFEST_DIR"));
    let Run {
        code, stdout: out, ..
    } = satpuz(&["solve", &file]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("portrait: gold casket (1)"), "{out}");
}

#[test]
fn cli_exit_codes_and_errors() {
    // Two positions give exactly 2 true statements: not unique.
    let Run {
        code, stdout: out, ..
    } = satpuz(&[
        "solve",
        "portia",
        "--statements",
        "1,-2,-1",
        "--clue",
        "exactly 2 true",
    ]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("unique: no"), "{out}");
    // [1,2,3] has exactly one true statement wherever the portrait is.
    let Run {
        code, stdout: out, ..
    } = satpuz(&[
        "solve",
        "portia",
        "--statements",
        "1,2,3",
        "--clue",
        "all true",
    ]);
    assert_eq!(code, 2, "{out}");
    let Run {
        code, stderr: err, ..
    } = satpuz(&[
        "solve",
        "portia",
        "--statements",
        "1,4,-1",
        "--clue",
        "all true",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("--statements, casket 2") && err.contains("`4`"),
        "{err}"
    );
    let Run {
        code, stderr: err, ..
    } = satpuz(&[
        "solve",
        "portia",
        "--statements",
        "1,-2,-1",
        "--clue",
        "at most one tru",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("clue `at most one tru`"), "{err}");
    let Run {
        code, stderr: err, ..
    } = satpuz(&["solve", "jindosh", "--clue", "all true"]);
    assert_eq!(code, 1);
    assert!(err.contains("PUZZLE=portia"), "{err}");
    let Run {
        code, stderr: err, ..
    } = satpuz(&["generate", "portia", "--generation", "1", "--rule", "seed"]);
    assert_eq!(code, 1);
    assert!(err.contains("--generation 2 only"), "{err}");
    let Run { code, .. } = satpuz(&["generate", "portia", "--generation", "4"]);
    assert_eq!(code, 1);

    // A file whose solution disagrees with the solver is an input error.
    let dir = std::env::temp_dir().join(format!("satpuz-portia-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wrong = dir.join("wrong.json");
    std::fs::write(
        &wrong,
        r#"{"generation": 1, "caskets": [1,-2,-1], "clue": "at most 1 true", "solution": 3}"#,
    )
    .unwrap();
    let Run {
        code, stderr: err, ..
    } = satpuz(&["solve", wrong.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("the file says casket 3"), "{err}");
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        r#"{"generation": 1, "caskets": [1,-2,7], "clue": "at most 1 true"}"#,
    )
    .unwrap();
    let Run {
        code, stderr: err, ..
    } = satpuz(&["solve", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("caskets, casket 3") && err.contains("`7`"),
        "{err}"
    );
    let typo = dir.join("typo.json");
    std::fs::write(
        &typo,
        r#"{"generation": 1, "caskets": [1,-2,-1], "clues": "at most 1 true"}"#,
    )
    .unwrap();
    let Run {
        code, stderr: err, ..
    } = satpuz(&["solve", typo.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown field `clues`"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_generate_counts_and_json() {
    for (args, count) in [
        (vec!["--generation", "1"], "348"),
        (vec!["--generation", "3"], "3600"),
        (
            vec!["--generation", "2", "--rule", "seed", "--distinct"],
            "4038",
        ),
    ] {
        let mut all = vec!["generate", "portia", "--count-only"];
        all.extend(args);
        let Run {
            code,
            stdout: out,
            stderr: err,
        } = satpuz(&all);
        assert_eq!((code, out.trim()), (0, count), "{all:?} {err}");
    }
    let Run {
        code, stdout: out, ..
    } = satpuz(&["generate", "portia", "--generation", "1", "--json"]);
    assert_eq!(code, 0);
    let records = Record::parse_many(&out, "generate output").unwrap();
    assert_eq!(records.len(), 348);
    assert_eq!(records[43].id.as_deref(), Some("portia1-44"));
    assert_eq!(records[43].clue.as_deref(), Some("at most 1 true"));
}
