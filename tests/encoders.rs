//! At-most-one, cardinality and domain encoders against brute force over every assignment of
//! their input literals: an assignment satisfies the constraint exactly when the encoding plus
//! that assignment is satisfiable, and the model count projected onto the inputs equals the
//! number of satisfying input assignments.

use rand::RngExt;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satpuz::choice::Choice;
use satpuz::cnf::{Cnf, Lit, Var};
use satpuz::encode::amo::{at_most_one, exactly_one};
use satpuz::encode::card::{self, Card};
use satpuz::encode::domain::less_or_equal_const;
use satpuz::encode::{Amo, Domain, Encoding};
use satpuz::solve::{Backend, Varisat, count};

const MAX_INPUTS: usize = 7;

/// A formula with `n` input variables and their literals (random polarity, so the encoders
/// also see negated inputs).
fn inputs(n: usize, rng: &mut ChaCha8Rng) -> (Cnf, Vec<Var>, Vec<Lit>) {
    let mut cnf = Cnf::new();
    let vars: Vec<Var> = (0..n).map(|i| cnf.vars.named(format!("x{i}"))).collect();
    let lits = vars
        .iter()
        .map(|&v| {
            if rng.random_bool(0.5) {
                v.pos_lit()
            } else {
                v.neg_lit()
            }
        })
        .collect();
    (cnf, vars, lits)
}

/// Checks `cnf` (built over `vars`/`lits`) against `holds(number of true input literals)`.
fn check(what: &str, mut cnf: Cnf, vars: &[Var], lits: &[Lit], holds: impl Fn(usize) -> bool) {
    let n = vars.len();
    let mut solver = Varisat::with_cnf(&cnf);
    let mut satisfying = 0u64;
    for mask in 0u32..1 << n {
        let assumptions: Vec<Lit> = vars
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                if mask >> i & 1 == 1 {
                    v.pos_lit()
                } else {
                    v.neg_lit()
                }
            })
            .collect();
        let true_lits = lits
            .iter()
            .filter(|l| (mask >> l.var().idx() & 1 == 1) != l.is_neg())
            .count();
        let expected = holds(true_lits);
        satisfying += u64::from(expected);
        let sat = solver.solve(&assumptions).expect("varisat solves");
        assert_eq!(
            sat,
            expected,
            "{what}: inputs {mask:0n$b} (literals {lits:?}, {true_lits} true) should be {}",
            if expected { "allowed" } else { "excluded" }
        );
    }
    if n > 0 {
        cnf.primary = vars.to_vec();
        cnf.primary_one_hot = false;
    }
    assert_eq!(
        count(&mut cnf, None).expect("count"),
        satisfying,
        "{what}: model count projected onto the inputs"
    );
}

#[test]
fn at_most_one_and_exactly_one_match_brute_force_for_every_amo() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0010);
    let mut checked = 0;
    for amo in Amo::ALL {
        for n in 0..=MAX_INPUTS {
            let (mut cnf, vars, lits) = inputs(n, &mut rng);
            at_most_one(&mut cnf, &lits, amo);
            check(
                &format!("at_most_one {} n={n}", amo.name()),
                cnf,
                &vars,
                &lits,
                |t| t <= 1,
            );

            let (mut cnf, vars, lits) = inputs(n, &mut rng);
            exactly_one(&mut cnf, &lits, amo);
            check(
                &format!("exactly_one {} n={n}", amo.name()),
                cnf,
                &vars,
                &lits,
                |t| t == 1,
            );
            checked += 2;
        }
    }
    eprintln!("{checked} at-most-one/exactly-one encodings checked");
}

#[test]
fn cardinality_constraints_match_brute_force_for_every_card_and_bound() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0011);
    let mut checked = 0;
    for c in Card::ALL {
        for n in 0..=MAX_INPUTS {
            for k in 0..=n + 1 {
                let what = |f: &str| format!("{f} {} n={n} k={k}", c.name());

                let (mut cnf, vars, lits) = inputs(n, &mut rng);
                card::at_most(&mut cnf, &lits, k, c);
                check(&what("at_most"), cnf, &vars, &lits, |t| t <= k);

                let (mut cnf, vars, lits) = inputs(n, &mut rng);
                card::at_least(&mut cnf, &lits, k, c);
                check(&what("at_least"), cnf, &vars, &lits, |t| t >= k);

                let (mut cnf, vars, lits) = inputs(n, &mut rng);
                card::exactly(&mut cnf, &lits, k, c);
                check(&what("exactly"), cnf, &vars, &lits, |t| t == k);
                checked += 3;
            }
        }
    }
    eprintln!("{checked} cardinality encodings checked");
}

#[test]
fn bit_comparator_allows_exactly_the_values_up_to_the_bound() {
    for width in 1..=5 {
        for c in 0..1usize << width {
            let mut cnf = Cnf::new();
            let vars: Vec<Var> = (0..width)
                .map(|i| cnf.vars.named(format!("b{i}")))
                .collect();
            let bits: Vec<Lit> = vars.iter().map(|v| v.pos_lit()).collect();
            less_or_equal_const(&mut cnf, &bits, c);
            // The literal list is the bits themselves, so `holds` sees the value through them.
            let mut solver = Varisat::with_cnf(&cnf);
            for value in 0..1usize << width {
                let assumptions: Vec<Lit> = vars
                    .iter()
                    .enumerate()
                    .map(|(i, &v)| {
                        if value >> i & 1 == 1 {
                            v.pos_lit()
                        } else {
                            v.neg_lit()
                        }
                    })
                    .collect();
                assert_eq!(
                    solver.solve(&assumptions).expect("solves"),
                    value <= c,
                    "width {width}: value {value} against bound {c}"
                );
            }
        }
    }
}

#[test]
fn domains_have_one_model_per_value_in_every_encoding() {
    for encoding in Encoding::ALL {
        for amo in Amo::ALL {
            for size in 1..=9 {
                let mut cnf = Cnf::new();
                let mut domain = Domain::new(&mut cnf, encoding, size, amo, |v| format!("x{v:?}"));
                // Value literals (Tseitin for bits) must be equivalent to the value.
                let value_lits: Vec<Lit> =
                    (0..size).map(|v| domain.value_lit(&mut cnf, v)).collect();
                cnf.primary = domain.primary_vars().collect();
                cnf.primary_one_hot = encoding == Encoding::OneHot;
                let what = format!("{} {} size {size}", encoding.name(), amo.name());
                let mut solver = Varisat::with_cnf(&cnf);
                let mut seen = vec![false; size];
                let mut counting = cnf.clone();
                let n = satpuz::solve::enumerate(&mut counting, &mut solver, None, |model| {
                    let v = domain.decode(model).expect("a model decodes to a value");
                    assert!(!seen[v], "{what}: value {v} found twice");
                    seen[v] = true;
                    for (w, &l) in value_lits.iter().enumerate() {
                        let truth = model[l.var().idx()] != l.is_neg();
                        assert_eq!(truth, w == v, "{what}: literal of value {w} when X={v}");
                    }
                    std::ops::ControlFlow::Continue(())
                })
                .expect("enumerates");
                assert_eq!(n, size as u64, "{what}: models");
                assert_eq!(
                    count(&mut cnf.clone(), None).expect("count"),
                    size as u64,
                    "{what}: count"
                );
            }
        }
    }
}
