//! `satpuz solve` on a logic-grid puzzle: the answer, and when the puzzle is broken, why: a
//! minimal set of contradicting clues, or two answers side by side with the cells where they
//! differ. `--why` says for each clue whether the answer needs it.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::answers::count_answers;
use satpuz::puzzles::grid::{GridAnswer, GridPuzzle};
use satpuz::solve::explain::{Explainer, Necessity};
use satpuz::solve::{Varisat, Verdict, solve_unique};
use serde_json::{Value, json};

use super::input::{Prepared, prepare_for_solving, text_table};
use super::output::{out, outln};
use super::{EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_OK};

/// What the user asked `solve` for, beyond the answer.
pub struct GridSolveArgs {
    pub json: bool,
    /// Count at most this many solutions when there is more than one.
    pub limit: u64,
    /// Say for each clue whether the answer needs it.
    pub why: bool,
}

pub fn solve_grid(
    puzzle: GridPuzzle,
    opts: EncodeOptions,
    args: &GridSolveArgs,
) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let mut p = prepare_for_solving(puzzle, opts)?;
    // Before solving: enumeration adds its activation variable to the formula.
    let header = p.header();
    let mut solver = Varisat::with_cnf(&p.encoded.cnf);
    let verdict = solve_unique(&mut p.encoded.cnf, &mut solver)?;
    let elapsed = start.elapsed();
    let (first, second) = match &verdict {
        Verdict::Unsat => (None, None),
        Verdict::Unique(a) => (Some(p.answer(a)?), None),
        Verdict::Multiple(a, b) => (Some(p.answer(a)?), Some(p.answer(b)?)),
    };
    let noun = p.puzzle.positions.noun.clone();
    let mut report = json!({
        "puzzle": p.puzzle.name,
        "encoding": p.encoded.opts.encoding.name(),
        "amo": p.encoded.opts.amo.name(),
        "summary": header,
        "satisfiable": first.is_some(),
        "unique": first.is_some() && second.is_none(),
        "solution": first.as_ref().map(|a| p.answer_json(a)),
        "another_solution": second.as_ref().map(|a| p.answer_json(a)),
        "time_ms": elapsed.as_secs_f64() * 1e3,
    });
    let mut text = format!("{header}\n\n");
    match (&first, &second) {
        (None, _) => {
            // One constraint per clue: the model as the file states it, not the merged one.
            let full = p.puzzle.build()?;
            let mus = Explainer::new(&full.model, full.clue_constraints.clone(), opts)
                .minimal_unsat_subset()?
                .context("the solver found no solution, but all the clues together have one")?;
            text.push_str(&format!(
                "no solution: the clues contradict each other. These {} do so on their own \
                 (drop any one of them and the rest have a solution):\n",
                mus.len()
            ));
            for &i in &mus {
                text.push_str(&format!(
                    "  clue {}: {}\n",
                    i + 1,
                    p.puzzle.clues[i].sentence(&noun)
                ));
            }
            report["contradiction"] = clue_list(&p.puzzle, &mus);
        }
        (Some(a), None) => {
            text.push_str(&p.render(a));
            text.push_str("\nunique: yes (a second solve with this answer blocked is UNSAT)\n");
            if args.why {
                let (why_text, why_json) = why(&p, a, opts)?;
                text.push_str(&why_text);
                report["clues"] = why_json;
            }
        }
        (Some(a), Some(b)) => {
            super::run::set_partial(super::run::Partial::Count {
                name: p.puzzle.name.clone(),
                json: args.json,
            });
            let found = count_answers(&p.grid, &p.encoded, Some(args.limit), |_| {
                super::run::found(1)
            })?;
            let complete = found < args.limit;
            let how_many = if complete {
                format!("{found} solutions")
            } else {
                format!(
                    "at least {found} solutions (counting stopped at --limit {})",
                    args.limit
                )
            };
            let cells = differences(&p, a, b);
            text.push_str(&format!(
                "unique: no; {how_many}. Two of them, side by side (* marks the {} cells where they differ):\n\n",
                cells.len()
            ));
            text.push_str(&side_by_side(&p, a, b));
            text.push_str("\ndiffering cells:\n");
            for d in &cells {
                text.push_str(&format!(
                    "  {} {}: {} / {}\n",
                    d.position, d.category, d.first, d.second
                ));
            }
            if args.why {
                text.push_str("\n--why needs a unique answer; add clues until there is one.\n");
            }
            report["solutions_counted"] = json!(found);
            report["count_complete"] = json!(complete);
            report["differences"] = Value::Array(
                cells
                    .iter()
                    .map(|d| {
                        json!({"position": d.position, "category": d.category,
                               "first": d.first, "second": d.second})
                    })
                    .collect(),
            );
        }
    }
    if args.json {
        outln!("{report:#}")?;
    } else {
        out!("{text}")?;
    }
    Ok(ExitCode::from(match verdict {
        Verdict::Unsat => EXIT_NO_SOLUTION,
        Verdict::Unique(_) => EXIT_OK,
        Verdict::Multiple(..) => EXIT_MULTIPLE,
    }))
}

fn clue_list(puzzle: &GridPuzzle, clues: &[usize]) -> Value {
    let noun = &puzzle.positions.noun;
    Value::Array(
        clues
            .iter()
            .map(|&i| {
                let c = &puzzle.clues[i];
                json!({"clue": i + 1, "text": c.text, "meaning": c.describe(noun)})
            })
            .collect(),
    )
}

/// For each clue: needed (dropping it alone admits another answer) or redundant.
fn why(p: &Prepared, answer: &GridAnswer, opts: EncodeOptions) -> anyhow::Result<(String, Value)> {
    // One constraint per clue: the model as the file states it, not the merged one.
    let full = p.puzzle.build()?;
    let mut explainer = Explainer::new(&full.model, full.clue_constraints.clone(), opts);
    let verdicts = explainer.necessity(&full.values(answer))?;
    let noun = &p.puzzle.positions.noun;
    let mut text = String::from("\nwhy: each clue, and whether the answer needs it\n");
    let mut rows = Vec::new();
    let needed = verdicts
        .iter()
        .filter(|v| matches!(v, Necessity::Needed { .. }))
        .count();
    for (i, verdict) in verdicts.iter().enumerate() {
        let clue = &p.puzzle.clues[i];
        let (word, change) = match verdict {
            Necessity::Needed { other } => {
                let other = full.answer(other, p.puzzle.positions.count);
                let cells = differences(p, answer, &other);
                let change = cells
                    .first()
                    .map(|d| {
                        format!(
                            " (without it: {} {} could be {})",
                            d.position, d.category, d.second
                        )
                    })
                    .unwrap_or_default();
                ("needed   ", change)
            }
            Necessity::Redundant => ("redundant", String::new()),
        };
        text.push_str(&format!(
            "  {word} clue {}: {}{change}\n",
            i + 1,
            clue.sentence(noun)
        ));
        rows.push(json!({
            "clue": i + 1,
            "text": clue.text,
            "meaning": clue.describe(noun),
            "needed": matches!(verdict, Necessity::Needed { .. }),
        }));
    }
    text.push_str(&format!(
        "{needed} needed, {} redundant (each redundant clue can be dropped alone, not necessarily \
         together)\n",
        verdicts.len() - needed
    ));
    Ok((text, Value::Array(rows)))
}

struct Difference {
    position: String,
    category: String,
    first: String,
    second: String,
}

fn differences(p: &Prepared, a: &GridAnswer, b: &GridAnswer) -> Vec<Difference> {
    let labels = p.puzzle.position_labels();
    let mut out = Vec::new();
    for (pos, (ra, rb)) in a.table.iter().zip(&b.table).enumerate() {
        for (c, cat) in p.puzzle.categories.iter().enumerate() {
            if ra[c] != rb[c] {
                out.push(Difference {
                    position: labels[pos].clone(),
                    category: cat.name.clone(),
                    first: cat.values[ra[c]].clone(),
                    second: cat.values[rb[c]].clone(),
                });
            }
        }
    }
    out
}

/// Two answers as one table: a row per position, the first answer's categories, then the
/// second's; a differing cell carries a `*`.
fn side_by_side(p: &Prepared, a: &GridAnswer, b: &GridAnswer) -> String {
    let cats = &p.puzzle.categories;
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut head = vec![p.puzzle.positions.noun.clone()];
    head.extend(cats.iter().map(|c| c.name.clone()));
    head.push("|".into());
    head.extend(cats.iter().map(|c| c.name.clone()));
    rows.push(head);
    let mut sub = vec![String::new(), "solution 1".to_string()];
    sub.extend(std::iter::repeat_n(String::new(), cats.len() - 1));
    sub.push("|".into());
    sub.push("solution 2".into());
    sub.resize(rows[0].len(), String::new());
    rows.push(sub);
    for (label, (ra, rb)) in p
        .puzzle
        .position_labels()
        .into_iter()
        .zip(a.table.iter().zip(&b.table))
    {
        let mark = |c: usize, v: usize| {
            let star = if ra[c] != rb[c] { "*" } else { "" };
            format!("{}{star}", cats[c].values[v])
        };
        let mut row = vec![label];
        row.extend((0..cats.len()).map(|c| mark(c, ra[c])));
        row.push("|".into());
        row.extend((0..cats.len()).map(|c| mark(c, rb[c])));
        rows.push(row);
    }
    text_table(&rows)
}
