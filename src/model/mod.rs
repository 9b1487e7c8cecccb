//! Finite-domain variables and constraints, independent of any puzzle, and their encoding
//! into CNF.

use serde::{Deserialize, Serialize};

use crate::cnf::{ClauseSink, Cnf, Lit};
use crate::encode::Domain;
use crate::encode::amo::at_most_one;

mod bits;
mod build;
mod dimacs;
mod guarded;
mod presolve;
mod regular;
mod solving;
mod sums;

/// The encoding choices [`EncodeOptions`] is made of.
pub(crate) use crate::encode::{Amo, Card, Encoding, Pb};
pub use bits::{Bit, Gate};
pub use dimacs::{Dimacs, ReadError};
pub(crate) use guarded::Guarded;
pub use regular::Dfa;
pub(crate) use regular::{Layers, unroll};
pub use solving::{
    Certificate, Claim, Explained, ExplainedStep, ProveError, Solution, Solving, Uniqueness,
};
pub use sums::{Cmp, Number};

/// Index of a variable in its [`Model`].
pub type VarId = usize;

/// An integer variable over `0..values.len()`; `values` are the names of its values.
#[derive(Debug, Clone)]
pub struct IntVar {
    pub(crate) name: String,
    /// The names of its values: value `v` is `values[v]` (used in CNF variable names and
    /// answers).
    pub values: Vec<String>,
    /// A boolean ([`Model::add_bool`]): values `false`, `true`, encoded as one literal.
    pub(crate) boolean: bool,
}

/// A constraint over the model's variables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Constraint {
    /// All the variables take different values.
    AllDifferent(Vec<VarId>),
    /// The values `var + offset` all differ: variables that stand for several things at fixed
    /// distances (a logic grid's values tied by `same`/`left_of` clues share one variable).
    AllDifferentShifted(Vec<(VarId, usize)>),
    /// The variable takes one of the values marked true.
    InSet {
        /// The variable constrained.
        var: VarId,
        /// `allowed[v]`: value `v` is allowed (one entry per value).
        allowed: Vec<bool>,
    },
    /// `(x, y)` takes a pair marked true in `allowed[vx][vy]`.
    Table {
        /// The first variable.
        x: VarId,
        /// The second variable.
        y: VarId,
        /// `allowed[vx][vy]`, one row per value of `x`, one entry per value of `y`.
        allowed: Vec<Vec<bool>>,
    },
    /// At least one of the constraints holds.
    AnyOf(Vec<Constraint>),
    /// Every one of the constraints holds.
    AllOf(Vec<Constraint>),
    /// At least one of the bits holds.
    Clause(Vec<Bit>),
    /// The boolean variable `out` is true exactly when the gate is (a reified boolean).
    Define {
        /// A boolean variable ([`Model::add_bool`]).
        out: VarId,
        /// The gate it is defined by.
        gate: Gate,
    },
    /// At most one of the bits holds (encoded by the options' `amo`).
    AtMostOne(Vec<Bit>),
    /// Exactly one of the bits holds (encoded by the options' `amo`).
    ExactlyOne(Vec<Bit>),
    /// The number of entries of `lits` that hold, compared with `k` (encoded by the options'
    /// `card`). A bit listed twice counts twice.
    Count {
        /// The bits counted.
        lits: Vec<Bit>,
        /// How the count compares with `k`.
        cmp: Cmp,
        /// The bound the count is compared with.
        k: usize,
    },
    /// The sum of the numbers, compared with `k` (encoded by the options' `pb`).
    Linear {
        /// The numbers summed (each a weighted sum of bits).
        numbers: Vec<Number>,
        /// How the sum compares with `k`.
        cmp: Cmp,
        /// The bound the sum is compared with.
        k: usize,
    },
    /// The values of `vars`, in order, spell a word the automaton accepts (value v is
    /// letter v).
    Regular {
        /// The positions of the word.
        vars: Vec<VarId>,
        /// The automaton.
        dfa: Dfa,
    },
}

/// Encoding choices, one struct for every family; none of them changes an answer or a count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EncodeOptions {
    /// How a finite-domain variable becomes booleans.
    pub encoding: Encoding,
    /// How at-most-one (and exactly-one) constraints become clauses.
    pub amo: Amo,
    /// How cardinality constraints ([`Constraint::Count`]) become clauses.
    #[serde(default)]
    pub card: Card,
    /// How sums of numbers ([`Constraint::Linear`]) become clauses.
    #[serde(default)]
    pub pb: Pb,
}

impl EncodeOptions {
    /// Every combination of domain, at-most-one, cardinality and PB encoding the library
    /// offers.
    pub fn all() -> Vec<EncodeOptions> {
        let mut out = Vec::new();
        for base in Self::for_domains() {
            for card in Card::ALL {
                for pb in Pb::ALL {
                    out.push(EncodeOptions { card, pb, ..base });
                }
            }
        }
        out
    }

    /// Every combination of domain encoding and at-most-one encoding, with the default sum
    /// encodings: all that matters for models without sums (logic grids).
    pub fn for_domains() -> Vec<EncodeOptions> {
        Encoding::ALL
            .iter()
            .flat_map(|&encoding| {
                Amo::ALL.iter().map(move |&amo| EncodeOptions {
                    encoding,
                    amo,
                    ..EncodeOptions::default()
                })
            })
            .collect()
    }
}

/// Variables plus constraints.
#[derive(Debug, Clone, Default)]
pub struct Model {
    /// The variables; a [`VarId`] indexes this list.
    pub vars: Vec<IntVar>,
    /// The constraints, all of which must hold.
    pub constraints: Vec<Constraint>,
    /// The named clues ([`Model::add_clue`]), each a run of `constraints`.
    clues: Vec<solving::NamedClue>,
}

impl Model {
    /// An empty model.
    pub fn new() -> Self {
        Self::default()
    }

    /// A variable over `0..values.len()`; its CNF variables are named after `name` (one-hot:
    /// `name=value`). Returns its id.
    pub fn add_var(&mut self, name: impl Into<String>, values: Vec<String>) -> VarId {
        self.vars.push(IntVar {
            name: name.into(),
            values,
            boolean: false,
        });
        self.vars.len() - 1
    }

    /// A boolean variable (values 0 = false, 1 = true; one literal in CNF); [`Bit::var`] is
    /// its truth. An empty name leaves the CNF variable unnamed (an auxiliary).
    pub fn add_bool(&mut self, name: impl Into<String>) -> VarId {
        self.vars.push(IntVar {
            name: name.into(),
            values: vec!["false".into(), "true".into()],
            boolean: true,
        });
        self.vars.len() - 1
    }

    /// Adds a constraint.
    pub fn add(&mut self, c: Constraint) {
        self.constraints.push(c);
    }

    /// Does a full assignment of values satisfy every constraint? (The brute-force oracle.)
    pub fn satisfied_by(&self, values: &[usize]) -> bool {
        self.constraints.iter().all(|c| holds(c, values))
    }

    /// Encodes the whole model.
    pub fn encode(&self, opts: EncodeOptions) -> Encoded {
        self.encode_with_live(opts, Vec::new())
    }

    /// Encodes the whole model as [`Model::encode`] does, the same answers, but with the values
    /// that root propagation rules out (see `presolve.rs`) fixed false by a unit clause each and
    /// left out of every other one-hot clause. For a model whose constraints all stay hard: a
    /// constraint later switched off (a guarded clue) may have ruled values out.
    pub fn encode_reduced(&self, opts: EncodeOptions) -> Encoded {
        let live = match opts.encoding {
            Encoding::OneHot => presolve::live_values(self).unwrap_or_default(),
            Encoding::Bits => Vec::new(),
        };
        self.encode_with_live(opts, live)
    }

    fn encode_with_live(&self, opts: EncodeOptions, live: Vec<Vec<bool>>) -> Encoded {
        let mut enc = Encoded::declare_live(self, opts, live);
        for c in &self.constraints {
            enc.add_constraint(c);
        }
        enc
    }
}

/// The values `live` marks false.
fn dead(live: &[bool]) -> impl Iterator<Item = usize> + '_ {
    (0..live.len()).filter(|&v| !live[v])
}

/// Does constraint `c` hold for the given values?
pub fn holds(c: &Constraint, values: &[usize]) -> bool {
    match c {
        Constraint::AllDifferent(vs) => vs
            .iter()
            .enumerate()
            .all(|(i, &a)| vs[i + 1..].iter().all(|&b| values[a] != values[b])),
        Constraint::AllDifferentShifted(vs) => vs.iter().enumerate().all(|(i, &(a, oa))| {
            vs[i + 1..]
                .iter()
                .all(|&(b, ob)| values[a] + oa != values[b] + ob)
        }),
        Constraint::InSet { var, allowed } => allowed[values[*var]],
        Constraint::Table { x, y, allowed } => allowed[values[*x]][values[*y]],
        Constraint::AnyOf(cs) => cs.iter().any(|c| holds(c, values)),
        Constraint::AllOf(cs) => cs.iter().all(|c| holds(c, values)),
        Constraint::Clause(bits) => bits.iter().any(|b| b.eval(values)),
        Constraint::Define { out, gate } => gate.eval(values) == Some(values[*out] == 1),
        Constraint::Regular { vars, dfa } => {
            dfa.accepts(&vars.iter().map(|&v| values[v]).collect::<Vec<_>>())
        }
        _ => sums::holds(c, values).expect("every other constraint is a sum"),
    }
}

/// A model in CNF: the formula plus the domains needed to read answers back.
#[derive(Debug, Clone)]
pub struct Encoded {
    /// The formula; its primary variables are those of the model variables' domains, in
    /// variable order.
    pub cnf: Cnf,
    pub(crate) domains: Vec<Domain>,
    pub(crate) opts: EncodeOptions,
    /// `live[var][value]`: false for a value fixed false at the root and left out of the
    /// one-hot clauses (see [`Model::encode_reduced`]); empty, or shorter than `domains`, for
    /// variables whose values all stay.
    pub(crate) live: Vec<Vec<bool>>,
}

impl Encoded {
    /// Creates the domains of every variable (their primary variables come first, in order).
    pub(crate) fn declare(model: &Model, opts: EncodeOptions) -> Encoded {
        Self::declare_live(model, opts, Vec::new())
    }

    /// Declares as [`Encoded::declare`] does, the values with `live[var][value]` false fixed
    /// false (see [`Model::encode_reduced`]).
    fn declare_live(model: &Model, opts: EncodeOptions, live: Vec<Vec<bool>>) -> Encoded {
        let mut cnf = Cnf::new();
        let domains = cnf.track("domain", |cnf| {
            model
                .vars
                .iter()
                .enumerate()
                .map(|(id, var)| {
                    if var.boolean {
                        let v = match var.name.as_str() {
                            "" => cnf.vars.fresh(),
                            name => cnf.vars.named(name),
                        };
                        let d = Domain::Bool(v.pos_lit());
                        // A boolean's ruled-out value: its unit, the only clause that says so.
                        for value in live.get(id).into_iter().flat_map(|l| dead(l)) {
                            cnf.add_clause(&d.not_value_clause(value));
                        }
                        return d;
                    }
                    let name = |v: Option<usize>| match v {
                        Some(v) => format!("{}={}", var.name, var.values[v]),
                        None => var.name.clone(),
                    };
                    match live.get(id) {
                        Some(live) => Domain::one_hot_live(cnf, live, opts.amo, name),
                        None => Domain::new(cnf, opts.encoding, var.values.len(), opts.amo, name),
                    }
                })
                .collect::<Vec<_>>()
        });
        cnf.primary = domains.iter().flat_map(|d| d.primary_vars()).collect();
        // A boolean is no exactly-one group: blocking only true literals would be unsound.
        cnf.primary_one_hot =
            opts.encoding == Encoding::OneHot && !model.vars.iter().any(|v| v.boolean);
        Encoded {
            cnf,
            domains,
            opts,
            live,
        }
    }

    /// An empty model under `opts`, to be built and encoded in one pass (see [`Bit`]).
    pub(crate) fn new(opts: EncodeOptions) -> Encoded {
        Encoded {
            cnf: Cnf::new(),
            domains: Vec::new(),
            opts,
            live: Vec::new(),
        }
    }

    /// Encodes `c` without booking its cost (for callers that book whole sections of their
    /// model with [`Encoded::track`]).
    pub(crate) fn require(&mut self, c: &Constraint) {
        let mut cnf = std::mem::take(&mut self.cnf);
        self.encode_constraint(&mut cnf, c);
        self.cnf = cnf;
    }

    /// Encodes one constraint, booking its cost under its kind.
    pub(crate) fn add_constraint(&mut self, c: &Constraint) {
        let kind = match c {
            Constraint::AllDifferent(_) | Constraint::AllDifferentShifted(_) => "all-different",
            Constraint::InSet { .. } => "unary",
            Constraint::Table { .. } => "binary",
            Constraint::AnyOf(_) | Constraint::AllOf(_) => "compound",
            Constraint::Clause(_) => "clause",
            Constraint::Define { .. } => "gate",
            Constraint::AtMostOne(_) | Constraint::ExactlyOne(_) => "at-most-one",
            Constraint::Count { .. } => "count",
            Constraint::Linear { .. } => "sum",
            Constraint::Regular { .. } => "regular",
        };
        let mut cnf = std::mem::take(&mut self.cnf);
        cnf.track(kind, |cnf| self.encode_constraint(cnf, c));
        self.cnf = cnf;
    }

    /// Encodes `c` so that it binds only when `guard` is true (`guard -> c`, by the guard rule
    /// of [`Guarded`]): one selector literal per clue lets a solver switch clues on and off
    /// under assumptions.
    pub(crate) fn add_constraint_guarded(&mut self, c: &Constraint, guard: Lit) {
        let mut cnf = std::mem::take(&mut self.cnf);
        cnf.track("guarded", |cnf| {
            self.encode_into(&mut Guarded::new(cnf, guard), c);
        });
        self.cnf = cnf;
    }

    /// A literal that implies constraint `c` (reified one way), for disjunctions.
    fn implied_by_fresh(&mut self, cnf: &mut Cnf, c: &Constraint) -> Lit {
        let guard = cnf.fresh_lit();
        self.encode_into(&mut Guarded::new(cnf, guard), c);
        guard
    }

    fn encode_constraint(&mut self, cnf: &mut Cnf, c: &Constraint) {
        match c {
            Constraint::AllDifferent(vs) if self.opts.encoding == Encoding::OneHot => {
                self.all_different_one_hot(cnf, vs)
            }
            Constraint::AllDifferentShifted(vs) if self.opts.encoding == Encoding::OneHot => {
                self.all_different_shifted_one_hot(cnf, vs)
            }
            c if sums::is_sum(c) => self.encode_sum(cnf, c),
            _ => self.encode_into(&mut Guarded::none(cnf), c),
        }
    }

    /// One-hot all-different: at most one variable of the group takes each value; when the
    /// group is as large as the domain (a permutation), each value is also taken by at least
    /// one, a redundant clause that makes propagation see the permutation.
    fn all_different_one_hot(&mut self, cnf: &mut Cnf, vs: &[usize]) {
        let size = vs
            .iter()
            .map(|&v| self.domains[v].size())
            .max()
            .unwrap_or(0);
        let permutation = vs.iter().all(|&v| self.domains[v].size() == vs.len());
        for value in 0..size {
            let mut lits = Vec::with_capacity(vs.len());
            for &v in vs {
                if value < self.domains[v].size() && self.is_live(v, value) {
                    lits.push(self.domains[v].value_lit(cnf, value));
                }
            }
            at_most_one(cnf, &lits, self.opts.amo);
            if permutation {
                cnf.add_clause(&lits);
            }
        }
    }

    /// One-hot all-different of shifted values: at most one `var = value - offset` per value;
    /// when there are as many variables as values, each value is also taken (as above).
    fn all_different_shifted_one_hot(&mut self, cnf: &mut Cnf, vs: &[(usize, usize)]) {
        let size = vs
            .iter()
            .map(|&(v, off)| self.domains[v].size() + off)
            .max()
            .unwrap_or(0);
        for value in 0..size {
            let mut lits = Vec::with_capacity(vs.len());
            for &(v, off) in vs {
                if (off..off + self.domains[v].size()).contains(&value)
                    && self.is_live(v, value - off)
                {
                    lits.push(self.domains[v].value_lit(cnf, value - off));
                }
            }
            at_most_one(cnf, &lits, self.opts.amo);
            if vs.len() == size {
                cnf.add_clause(&lits);
            }
        }
    }

    /// Encodes `c` into a sink whose clauses may be guarded (made conditional).
    fn encode_into(&mut self, sink: &mut Guarded<'_>, c: &Constraint) {
        match c {
            Constraint::AllDifferent(vs) => {
                for (i, &a) in vs.iter().enumerate() {
                    for &b in &vs[i + 1..] {
                        self.not_equal(sink, a, b);
                    }
                }
            }
            Constraint::AllDifferentShifted(vs) => {
                for (i, &(a, oa)) in vs.iter().enumerate() {
                    for &(b, ob) in &vs[i + 1..] {
                        let (na, nb) = (self.domains[a].size(), self.domains[b].size());
                        let allowed: Vec<Vec<bool>> = (0..na)
                            .map(|x| (0..nb).map(|y| x + oa != y + ob).collect())
                            .collect();
                        self.table(sink, a, b, &allowed);
                    }
                }
            }
            Constraint::InSet { var, allowed } => {
                let d = &self.domains[*var];
                if let Domain::OneHot(lits) = d {
                    let clause: Vec<Lit> = (0..lits.len())
                        .filter(|&v| allowed[v] && self.is_live(*var, v))
                        .map(|v| lits[v])
                        .collect();
                    sink.add(&clause);
                } else {
                    for v in (0..d.size()).filter(|&v| !allowed[v]) {
                        sink.add(&d.not_value_clause(v));
                    }
                }
            }
            Constraint::Table { x, y, allowed } => self.table(sink, *x, *y, allowed),
            Constraint::AnyOf(cs) => {
                let guards: Vec<Lit> = cs
                    .iter()
                    .map(|c| self.implied_by_fresh(sink.cnf, c))
                    .collect();
                sink.add(&guards);
            }
            Constraint::AllOf(cs) => {
                for c in cs {
                    self.encode_into(sink, c);
                }
            }
            Constraint::Regular { vars, dfa } => self.regular_into(sink, vars, dfa),
            _ => {
                // Sums: the encoder writes apart, then every clause goes through the sink.
                let apart = self.encode_sum_apart(sink.cnf, c);
                for cl in apart.clauses.iter() {
                    sink.add(cl);
                }
            }
        }
    }

    /// `x != y`: one-hot, per value a pair clause; bits, some bit differs (a Tseitin
    /// auxiliary per bit implying the difference).
    fn not_equal(&mut self, sink: &mut Guarded<'_>, a: usize, b: usize) {
        match (&self.domains[a], &self.domains[b]) {
            (Domain::OneHot(la), Domain::OneHot(lb)) => {
                for (&p, &q) in la.iter().zip(lb) {
                    sink.add(&[!p, !q]);
                }
            }
            (Domain::Bits { bits: ba, .. }, Domain::Bits { bits: bb, .. }) => {
                let (ba, bb) = (ba.clone(), bb.clone());
                let mut differs = Vec::with_capacity(ba.len());
                for (&p, &q) in ba.iter().zip(&bb) {
                    let d = sink.cnf.fresh_lit();
                    sink.cnf.add_clause(&[!d, p, q]);
                    sink.cnf.add_clause(&[!d, !p, !q]);
                    differs.push(d);
                }
                // Bits beyond the shorter vector: differ if the longer one has a 1 there.
                let longer = if ba.len() > bb.len() { &ba } else { &bb };
                differs.extend(longer.iter().skip(ba.len().min(bb.len())).copied());
                sink.add(&differs);
            }
            _ => {
                // Mixed domains (a boolean beside an integer): by the table of `!=`.
                let (na, nb) = (self.domains[a].size(), self.domains[b].size());
                let allowed: Vec<Vec<bool>> =
                    (0..na).map(|x| (0..nb).map(|y| x != y).collect()).collect();
                self.table(sink, a, b, &allowed);
            }
        }
    }

    /// A binary table by the support encoding: for each value of x, x=a implies y is one of
    /// its supports, and symmetrically for y (redundant, but gives arc consistency).
    /// Equality of two equal-size bit vectors is written bitwise instead.
    fn table(&mut self, sink: &mut Guarded<'_>, x: usize, y: usize, allowed: &[Vec<bool>]) {
        let (nx, ny) = (self.domains[x].size(), self.domains[y].size());
        let identity = nx == ny && (0..nx).all(|a| (0..ny).all(|b| allowed[a][b] == (a == b)));
        if identity
            && let (Domain::Bits { bits: bx, .. }, Domain::Bits { bits: by, .. }) =
                (&self.domains[x], &self.domains[y])
        {
            for (&p, &q) in bx.iter().zip(by) {
                sink.add(&[!p, q]);
                sink.add(&[p, !q]);
            }
            return;
        }
        for (from, to, n_from, n_to, transpose) in [(x, y, nx, ny, false), (y, x, ny, nx, true)] {
            let live_to = (0..n_to).filter(|&b| self.is_live(to, b)).count();
            #[allow(clippy::needless_range_loop)] // `a` indexes rows or columns by `transpose`
            for a in 0..n_from {
                if !self.is_live(from, a) {
                    continue; // fixed false: the clause would hold
                }
                let supports: Vec<usize> = (0..n_to)
                    .filter(|&b| {
                        self.is_live(to, b)
                            && if transpose {
                                allowed[b][a]
                            } else {
                                allowed[a][b]
                            }
                    })
                    .collect();
                // Every value `to` can take supports `a`: its exactly-one implies the clause.
                if supports.len() == live_to {
                    continue;
                }
                let mut clause = self.domains[from].not_value_clause(a);
                for b in supports {
                    clause.push(self.domains[to].value_lit(sink.cnf, b));
                }
                sink.add(&clause);
            }
        }
    }

    /// Can `var` take `value`, as far as the encoding knows (false: fixed false at the root,
    /// by a unit clause written with its domain)?
    fn is_live(&self, var: usize, value: usize) -> bool {
        self.live.get(var).is_none_or(|l| l[value])
    }

    /// The value of every variable under a full assignment.
    pub fn decode(&self, assignment: &[bool]) -> Option<Vec<usize>> {
        self.domains.iter().map(|d| d.decode(assignment)).collect()
    }

    /// The clause that forbids exactly this answer (over primary variables only).
    pub fn blocking_clause(&self, values: &[usize]) -> Vec<Lit> {
        self.domains
            .iter()
            .zip(values)
            .flat_map(|(d, &v)| d.assignment_lits(v))
            .map(|l| !l)
            .collect()
    }
}
