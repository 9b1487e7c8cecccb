//! The DIMACS reader and writer and the model reader: every defect gets its error with the right
//! line, every dialect in the wild is accepted, write/parse round-trips, and no input panics.

use proptest::prelude::*;
use satpuz::choice::Choice;
use satpuz::cnf::dimacs::{
    DimacsError, ModelError, ParsedCnf, SolverOutput, parse_cnf, parse_model, write_cnf,
};
use satpuz::cnf::{ClauseSink, Cnf, Var};
use satpuz::model::EncodeOptions;

fn parse(text: &str) -> Result<ParsedCnf, DimacsError> {
    parse_cnf(text.as_bytes(), false)
}

fn err(text: &str) -> DimacsError {
    match parse(text) {
        Ok(p) => panic!(
            "expected an error for:\n{text}\ngot {} clauses",
            p.cnf.num_clauses()
        ),
        Err(e) => e,
    }
}

/// The clauses as signed integers, as written in the file.
fn clauses(p: &ParsedCnf) -> Vec<Vec<i32>> {
    p.cnf
        .clauses
        .iter()
        .map(|cl| cl.iter().map(|l| l.to_ipasir()).collect())
        .collect()
}

// --- defects -----------------------------------------------------------------------------------

#[test]
fn clause_data_before_any_header_is_rejected_on_its_line() {
    assert_eq!(
        err("1 -2 0\np cnf 2 1\n"),
        DimacsError::MissingHeader { line: 1 }
    );
    assert_eq!(
        err("c a comment\n\nc another\n1 -2 0\n"),
        DimacsError::MissingHeader { line: 4 }
    );
    assert_eq!(err(""), DimacsError::NoHeader);
    assert_eq!(err("c only comments\nc here\n"), DimacsError::NoHeader);
    let msg = err("c x\n3 0\n").to_string();
    assert!(msg.contains("line 2"), "message names the line: {msg}");
}

#[test]
fn malformed_headers_are_rejected_on_their_line() {
    for (text, line) in [
        ("p cnf 3\n1 0\n", 1),
        ("c hello\np cnf x 2\n", 2),
        ("c\nc\np dnf 3 2\n", 3),
        ("p cnf 3 2 7\n", 1),
        ("p cnf -1 2\n", 1),
        ("p cnf 3 -2\n", 1),
        ("p\n", 1),
        ("pcnf 3 2\n", 1),
    ] {
        match err(text) {
            DimacsError::BadHeader { line: l, .. } => assert_eq!(l, line, "{text:?}"),
            e => panic!("{text:?}: expected BadHeader, got {e:?}"),
        }
    }
    assert_eq!(
        err("p cnf 2 1\n1 0\np cnf 2 1\n"),
        DimacsError::DuplicateHeader { line: 3 }
    );
    // Issue 10, item 8: too many variables is said as such, with the limit (it was "expected
    // the header `p cnf <variables> <clauses>`" for a well-formed header).
    for (text, declared) in [
        ("p cnf 2147483647 0\n", "2147483647"),
        ("c x\np cnf 99999999999 1\n", "99999999999"),
        (
            "p cnf 99999999999999999999999 0\n",
            "99999999999999999999999",
        ),
    ] {
        let e = err(text);
        assert!(
            matches!(&e, DimacsError::TooManyVariables { line, declared: d }
                if *line == text.lines().count() && d == declared),
            "{text:?}: {e:?}"
        );
        assert!(e.to_string().contains("at most 2147483646"), "{e}");
    }
    assert!(parse_cnf(b"p cnf 2147483646 0\n", false).is_ok());
}

#[test]
fn literals_beyond_the_declared_variables_are_rejected_on_their_line() {
    assert_eq!(
        err("p cnf 2 2\n1 -2 0\n-1\n3 0\n"),
        DimacsError::VarOutOfRange {
            line: 4,
            lit: 3,
            var: 3,
            declared: 2
        }
    );
    assert_eq!(
        err("p cnf 2 1\n-7 0\n"),
        DimacsError::VarOutOfRange {
            line: 2,
            lit: -7,
            var: 7,
            declared: 2
        }
    );
    let msg = err("p cnf 0 1\n1 0\n").to_string();
    assert!(msg.starts_with("line 2:"), "{msg}");
}

#[test]
fn a_clause_count_mismatch_is_an_error_or_under_lenient_a_warning() {
    for (text, declared, found) in [
        ("c x\np cnf 2 3\n1 0\n2 0\n", 3, 2),
        ("c x\np cnf 2 1\n1 0\n2 0\n", 1, 2),
        ("c x\np cnf 2 1\n", 1, 0),
    ] {
        let e = err(text);
        assert_eq!(
            e,
            DimacsError::ClauseCount {
                line: 2,
                declared,
                found
            },
            "{text:?}"
        );
        let msg = e.to_string();
        assert!(msg.contains("line 2") && msg.contains("--lenient"), "{msg}");

        let lenient = parse_cnf(text.as_bytes(), true).expect("lenient accepts");
        assert_eq!(lenient.cnf.num_clauses() as u64, found);
        assert_eq!(
            lenient.warnings.len(),
            1,
            "one warning: {:?}",
            lenient.warnings
        );
        assert!(
            lenient.warnings[0].contains(&declared.to_string())
                && lenient.warnings[0].contains(&found.to_string()),
            "the warning gives both counts: {:?}",
            lenient.warnings
        );
    }
    // Lenient changes nothing else: other defects stay errors.
    assert!(parse_cnf(b"p cnf 1 1\n2 0\n", true).is_err());
}

#[test]
fn non_integer_tokens_are_rejected_on_their_line() {
    for (text, line, token) in [
        ("p cnf 2 1\n1 x 0\n", 2, "x"),
        ("p cnf 2 2\n1 0\n\n1.5 0\n", 4, "1.5"),
        ("p cnf 2 1\n1 --2 0\n", 2, "--2"),
        ("p cnf 2 1\n1 2 0 cx\n", 2, "cx"),
        (
            "p cnf 2 1\n1 99999999999999999999999 0\n",
            2,
            "99999999999999999999999",
        ),
    ] {
        assert_eq!(
            err(text),
            DimacsError::BadToken {
                line,
                token: token.into()
            },
            "{text:?}"
        );
    }
}

#[test]
fn an_unterminated_last_clause_is_rejected_where_it_starts() {
    assert_eq!(
        err("p cnf 3 2\n1 0\n2 -1\n"),
        DimacsError::Unterminated { line: 3 }
    );
    assert_eq!(
        err("p cnf 3 2\n1 0\n2\nc between\n-1 3\n"),
        DimacsError::Unterminated { line: 3 }
    );
    let msg = err("p cnf 1 1\n1").to_string();
    assert!(msg.contains("line 2") && msg.contains("0"), "{msg}");
}

#[test]
fn projection_line_defects_are_rejected_on_their_line() {
    for (text, line, says) in [
        ("c p show 1 2\np cnf 2 0\n", 1, "terminating 0"),
        ("p cnf 2 0\nc p show 1 x 0\n", 2, "`x`"),
        (
            "c\nc p show 1 0 2\np cnf 2 0\n",
            2,
            "after the terminating 0",
        ),
        ("c p show -1 0\np cnf 2 0\n", 1, "`-1`"),
        (
            "c p show 1 0\nc p show 5 0\np cnf 2 0\n",
            2,
            "beyond the 2 declared",
        ),
        ("c p show 99999999999 0\np cnf 2 0\n", 1, "out of range"),
        // Empty would mean "count over all variables" downstream: refused, not miscounted.
        ("c p show 0\np cnf 2 0\n", 1, "names no variable"),
        (
            "c\np cnf 2 0\nc p show 0\nc p show 0\n",
            3,
            "names no variable",
        ),
    ] {
        match err(text) {
            DimacsError::BadShow { line: l, detail } => {
                assert_eq!(l, line, "{text:?}");
                assert!(detail.contains(says), "{text:?}: detail `{detail}`");
            }
            e => panic!("{text:?}: expected BadShow, got {e:?}"),
        }
    }
}

#[test]
fn bytes_that_are_not_text_are_rejected() {
    assert!(matches!(
        parse_cnf(b"p cnf 1 1\n\xff\xfe 0\n", false),
        Err(DimacsError::NotText { .. })
    ));
}

// --- dialects ----------------------------------------------------------------------------------

#[test]
fn comments_anywhere_and_clauses_across_or_sharing_lines_are_accepted() {
    let text = "c leading comment\n\
                c\n\
                p cnf 4 4\n\
                c between header and clauses\n\
                1 -2\n\
                c inside a clause that spans lines\n\
                \t3 0 -4 0\n\
                \n\
                   2 4 0 -1\n\
                -3 0\n\
                c trailing comment\n";
    let p = parse(text).expect("accepted");
    assert_eq!(
        clauses(&p),
        vec![vec![1, -2, 3], vec![-4], vec![2, 4], vec![-1, -3]]
    );
    assert_eq!(p.cnf.num_vars(), 4);
    assert!(p.warnings.is_empty());
}

#[test]
fn satlib_end_marker_ends_the_clauses() {
    // SATLIB's uf20 files end this way: `%`, then a stray `0`.
    let text = "c SATLIB style\np cnf 3 2\n 1 -3 2 0\n-1 2 0\n%\n0\n\n";
    let p = parse(text).expect("accepted");
    assert_eq!(clauses(&p), vec![vec![1, -3, 2], vec![-1, 2]]);
}

#[test]
fn windows_line_ends_and_tabs_are_accepted() {
    let p = parse("c made on Windows\r\np cnf 2 2\r\n1\t-2 0\r\n2 0\r\n").expect("accepted");
    assert_eq!(clauses(&p), vec![vec![1, -2], vec![2]]);
    assert_eq!(
        parse_model("SAT\r\n1 -2 0\r\n"),
        Ok(sat(&[1, -2])),
        "minisat model with CRLF"
    );
}

#[test]
fn empty_clauses_and_zero_variable_formulas_are_read() {
    let p = parse("p cnf 0 1\n0\n").expect("accepted");
    assert_eq!(clauses(&p), vec![Vec::<i32>::new()]);
    let p = parse("p cnf 0 0\n").expect("accepted");
    assert_eq!(p.cnf.num_clauses(), 0);
}

#[test]
fn projection_and_names_are_read_from_comments() {
    let text = "c 1 seat1.person=Lady Winslow\nc p show 1 3 0\nc p show 2 0\np cnf 3 1\n\
                c 3 third\n1 2 3 0\n";
    let p = parse(text).expect("accepted");
    let primary: Vec<u32> = p.cnf.primary.iter().map(|v| v.idx32()).collect();
    assert_eq!(primary, vec![0, 2, 1]);
    assert_eq!(
        p.cnf.vars.name(Var::new(0)),
        Some("seat1.person=Lady Winslow")
    );
    assert_eq!(p.cnf.vars.name(Var::new(1)), None);
    assert_eq!(p.cnf.vars.name(Var::new(2)), Some("third"));
    // A variable shown twice is projected on once.
    let p = parse("c p show 2 1 2 0\nc p show 1 0\np cnf 2 0\n").expect("accepted");
    let primary: Vec<u32> = p.cnf.primary.iter().map(|v| v.idx32()).collect();
    assert_eq!(primary, vec![1, 0]);
}

// --- round trip --------------------------------------------------------------------------------

fn write(cnf: &Cnf, comments: &[String]) -> String {
    let mut out = Vec::new();
    write_cnf(cnf, comments, &mut out).expect("write to memory");
    String::from_utf8(out).expect("DIMACS is text")
}

fn assert_same_formula(a: &Cnf, b: &Cnf, what: &str) {
    assert_eq!(a.num_vars(), b.num_vars(), "{what}: variables");
    let cl = |c: &Cnf| -> Vec<Vec<i32>> {
        c.clauses
            .iter()
            .map(|cl| cl.iter().map(|l| l.to_ipasir()).collect())
            .collect()
    };
    assert_eq!(cl(a), cl(b), "{what}: clauses");
    assert_eq!(a.primary, b.primary, "{what}: projection");
    let names = |c: &Cnf| -> Vec<(u32, String)> {
        c.vars
            .names()
            .map(|(v, n)| (v.idx32(), n.to_string()))
            .collect()
    };
    assert_eq!(names(a), names(b), "{what}: names");
}

#[test]
fn write_then_parse_keeps_clauses_names_and_projection() {
    let puzzle = satpuz::puzzles::jindosh::puzzle().expect("jindosh");
    let grid = puzzle.build().expect("builds");
    for encoding in satpuz::encode::Encoding::ALL {
        for amo in satpuz::encode::Amo::ALL {
            let encoded = grid.model.encode(EncodeOptions {
                encoding,
                amo,
                ..EncodeOptions::default()
            });
            let comments = vec!["a header comment".to_string(), "two\nlines".to_string()];
            let text = write(&encoded.cnf, &comments);
            assert!(text.starts_with("c a header comment\nc two\nc lines\n"));
            assert!(text.contains(&format!(
                "p cnf {} {}\n",
                encoded.cnf.num_vars(),
                encoded.cnf.num_clauses()
            )));
            let parsed = parse(&text).expect("our own output parses");
            let what = format!("{}/{}", encoding.name(), amo.name());
            assert_same_formula(&encoded.cnf, &parsed.cnf, &what);
            // Writing the parsed formula again gives the same bytes.
            assert_eq!(write(&parsed.cnf, &comments), text, "{what}: second write");
        }
    }
}

#[test]
fn a_formula_with_auxiliaries_and_unnamed_variables_round_trips() {
    let mut cnf = Cnf::new();
    let a = cnf.vars.named("a");
    let aux = cnf.fresh_lit();
    let b = cnf.vars.named("b = with spaces");
    cnf.add_clause(&[a.pos_lit(), !aux]);
    cnf.add_clause(&[b.neg_lit()]);
    cnf.add_clause(&[]);
    cnf.primary = vec![b, a];
    let text = write(&cnf, &[]);
    let parsed = parse(&text).expect("parses");
    assert_same_formula(&cnf, &parsed.cnf, "hand-made");
}

// --- models ------------------------------------------------------------------------------------

fn sat(values: &[i32]) -> SolverOutput {
    let n = values.iter().map(|l| l.unsigned_abs()).max().unwrap_or(0) as usize;
    let mut v = vec![None; n];
    for &l in values {
        v[l.unsigned_abs() as usize - 1] = Some(l > 0);
    }
    SolverOutput::Sat(v)
}

#[test]
fn minisat_and_competition_models_are_read() {
    assert_eq!(parse_model("SAT\n1 -2 3 0\n"), Ok(sat(&[1, -2, 3])));
    assert_eq!(parse_model("SAT\n-1 2\n-3 0\n"), Ok(sat(&[-1, 2, -3])));
    assert_eq!(parse_model("UNSAT\n"), Ok(SolverOutput::Unsat));
    assert_eq!(
        parse_model("c solver banner\ns SATISFIABLE\nv 1 -2\nv -3 4 0\nc done\n"),
        Ok(sat(&[1, -2, -3, 4]))
    );
    assert_eq!(
        parse_model("c x\ns UNSATISFIABLE\n"),
        Ok(SolverOutput::Unsat)
    );
    // A variable the solver did not mention stays unknown.
    assert_eq!(
        parse_model("SAT\n1 3 0\n"),
        Ok(SolverOutput::Sat(vec![Some(true), None, Some(true)]))
    );
}

#[test]
fn defective_models_are_reported() {
    assert_eq!(parse_model(""), Err(ModelError::Empty));
    assert_eq!(parse_model("\n\n"), Err(ModelError::Empty));
    assert_eq!(parse_model("SAT\n1 -2 3\n"), Err(ModelError::Truncated));
    assert_eq!(parse_model("SAT\n"), Err(ModelError::Truncated));
    assert_eq!(
        parse_model("s SATISFIABLE\nv 1 -2\n"),
        Err(ModelError::Truncated)
    );
    assert_eq!(
        parse_model("SAT\n1 x 0\n"),
        Err(ModelError::BadToken {
            line: 2,
            token: "x".into()
        })
    );
    assert!(matches!(
        parse_model("hello\n"),
        Err(ModelError::Unexpected { line: 1, .. })
    ));
    assert!(matches!(
        parse_model("INDET\n"),
        Err(ModelError::Indeterminate(_))
    ));
    assert!(matches!(
        parse_model("s UNKNOWN\n"),
        Err(ModelError::Indeterminate(_))
    ));
    // A few bytes may not claim a table of 2^31 variables.
    assert_eq!(
        parse_model("SAT\n1 -2\n2147483646 0\n"),
        Err(ModelError::SparseVar {
            line: 3,
            var: 2147483646,
            listed: 2
        })
    );
    let msg = parse_model("SAT\n1 2").unwrap_err().to_string();
    assert!(msg.contains("truncated"), "{msg}");
}

// --- no input panics ---------------------------------------------------------------------------

/// One line of almost-DIMACS: the tokens real files have, in the wrong places now and then.
fn near_dimacs_line() -> impl Strategy<Value = String> {
    let int = prop_oneof![
        -40i64..40,
        Just(0i64),
        any::<i32>().prop_map(i64::from),
        Just(i64::MAX),
        Just(i64::MIN),
        Just((1i64 << 31) - 2),
    ];
    let token = prop_oneof![
        int.clone().prop_map(|i| i.to_string()),
        Just("p".to_string()),
        Just("cnf".to_string()),
        Just("c".to_string()),
        Just("show".to_string()),
        Just("%".to_string()),
        Just("v".to_string()),
        Just("s".to_string()),
        Just("SAT".to_string()),
        Just("UNSAT".to_string()),
        Just("SATISFIABLE".to_string()),
        "[a-z0-9.+-]{1,4}",
    ];
    prop_oneof![
        (0u64..20, 0u64..20).prop_map(|(v, c)| format!("p cnf {v} {c}")),
        proptest::collection::vec(int.clone(), 0..6).prop_map(|v| {
            let s: Vec<String> = v.iter().map(i64::to_string).collect();
            format!("c p show {}", s.join(" "))
        }),
        proptest::collection::vec(int, 0..8).prop_map(|v| {
            let s: Vec<String> = v.iter().map(i64::to_string).collect();
            s.join(" ")
        }),
        proptest::collection::vec(token, 0..8).prop_map(|v| v.join(" ")),
        Just("s SATISFIABLE".to_string()),
        Just("%".to_string()),
    ]
}

fn near_dimacs() -> impl Strategy<Value = String> {
    proptest::collection::vec(near_dimacs_line(), 0..12).prop_map(|lines| lines.join("\n"))
}

/// A mostly well-formed file: comments, maybe a projection, a header whose counts are right or
/// off by one, clauses with literals mostly in range, split across lines at random, maybe `%`.
fn plausible_dimacs() -> impl Strategy<Value = String> {
    (1u32..8).prop_flat_map(|vars| {
        let v = vars as i64;
        let lit = prop_oneof![
            20 => (1..=v).prop_flat_map(|x| prop_oneof![Just(x), Just(-x)]),
            1 => Just(v + 1),
        ];
        let clauses = proptest::collection::vec(proptest::collection::vec(lit, 0..5), 0..8);
        let show = proptest::option::of(proptest::collection::vec(1..=v + 1, 0..4));
        (
            Just(vars),
            clauses,
            show,
            -1i64..=1,
            any::<bool>(),
            proptest::collection::vec(any::<bool>(), 64),
        )
            .prop_map(|(vars, clauses, show, off, percent, breaks)| {
                let mut t = String::from("c plausible\n");
                if let Some(show) = show {
                    let s: Vec<String> = show.iter().map(i64::to_string).collect();
                    t.push_str(&format!("c p show {} 0\n", s.join(" ")));
                }
                let declared = (clauses.len() as i64 + off).max(0);
                t.push_str(&format!("p cnf {vars} {declared}\n"));
                let tokens = clauses.iter().flat_map(|c| c.iter().copied().chain([0]));
                for (i, tok) in tokens.enumerate() {
                    t.push_str(&tok.to_string());
                    t.push(if breaks[i % breaks.len()] { '\n' } else { ' ' });
                }
                if percent {
                    t.push_str("\n%\n0\n");
                }
                t
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_bytes_never_panic_the_readers(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = parse_cnf(&bytes, false);
        let _ = parse_cnf(&bytes, true);
        let _ = parse_model(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn near_dimacs_text_never_panics_and_accepted_files_round_trip(
        text in prop_oneof![near_dimacs(), plausible_dimacs()]
    ) {
        for lenient in [false, true] {
            if let Ok(parsed) = parse_cnf(text.as_bytes(), lenient) {
                // Whatever was accepted writes out and reads back as the same formula.
                let again = write(&parsed.cnf, &[]);
                let reparsed = parse(&again).expect("our own output parses");
                assert_same_formula(&parsed.cnf, &reparsed.cnf, &text);
            }
        }
    }

    #[test]
    fn near_dimacs_text_never_panics_the_model_reader(text in near_dimacs()) {
        let _ = parse_model(&text);
    }
}
