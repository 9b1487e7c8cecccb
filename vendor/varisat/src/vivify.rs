//! satpuz: vivification of learnt clauses (Luo, Li, Xiao, Manyà and Lü, "An effective learnt
//! clause minimization approach for CDCL SAT solvers", IJCAI 2017), after CaDiCaL's
//! `vivify.cpp` and Kissat's `vivify.c` (their rules read, the code written here anew).
//!
//! A learnt clause is taken out of the watchlists, so that it is no reason, and its literals are
//! assigned false one by one, each as a decision, with propagation after each. A literal found
//! true (implied by the decisions so far) or a conflict ends the trial; walking the implication
//! graph back from it to the clause's own literals gives the literals that are needed, the
//! clause's false literals it did not reach are implied by the others and drop out. The shorter
//! clause is implied by the formula and derivable by unit propagation (RUP), so a DRAT proof
//! gets it added and the old one deleted; varisat's own proof format, which needs the hashes of
//! the clauses each step used, gets no vivification.
//!
//! A round runs at a restart after a reduction of the mid tier, at the level of the
//! assumptions, on the core and mid tier clauses not vivified before, within a budget of
//! propagations relative to the search's since the last round. A walk that reaches an
//! assumption (a decision that is no literal of the clause) keeps the clause as it is.
use partial_ref::{partial, PartialRef};

use varisat_formula::Lit;
use varisat_internal_proof::{DeleteClauseProof, ProofStep};

use crate::{
    clause::{db, ClauseAlloc, ClauseRef, Tier},
    context::{parts::*, Context},
    proof,
    prop::{backtrack_keeping_phases, enable_watchlists, enqueue_assignment, propagate, Reason},
};

/// State of vivification between rounds.
#[derive(Default)]
pub struct Vivify {
    /// A reduction of the mid tier happened since the last round.
    due: bool,
    /// The trail's propagation count at the end of the last round.
    propagations_mark: u64,
    /// Per variable: visited by the current walk.
    seen: Vec<bool>,
    /// Per literal: a literal of the clause being vivified.
    in_clause: Vec<bool>,
    /// Per literal: occurrences in the clauses of the round, to decide frequent literals first.
    occurrences: Vec<u32>,
    /// Clauses tried, clauses shortened, literals removed (for tests and logs).
    pub stats: VivifyStats,
}

/// Counts of the work vivification did.
#[derive(Default, Clone, Copy, Debug)]
pub struct VivifyStats {
    /// Rounds run.
    pub rounds: u64,
    /// Clauses tried.
    pub tried: u64,
    /// Clauses made shorter.
    pub shortened: u64,
    /// Literals those lost in all.
    pub literals_removed: u64,
}

impl Vivify {
    /// A reduction of the mid tier happened: a round is due at the next restart.
    pub fn reduced(&mut self) {
        self.due = true;
    }

    /// Whether a round is due.
    pub fn due(&self) -> bool {
        self.due
    }

    fn resize(&mut self, var_count: usize) {
        self.seen.resize(var_count, false);
        self.in_clause.resize(var_count * 2, false);
        self.occurrences.resize(var_count * 2, 0);
    }
}

/// What one clause's trial found.
enum Trial {
    /// The clause may become these literals (a subset of it).
    Shorter(Vec<Lit>),
    /// Nothing shorter (or nothing that may replace it here).
    Same,
}

/// One round of vivification, at a restart (the trail at the assumptions' levels, fully
/// propagated); returns without doing anything where it cannot run.
pub fn vivify_round<'a>(
    mut ctx: partial!(
        Context<'a>,
        mut AssignmentP,
        mut BinaryClausesP,
        mut ClauseAllocP,
        mut ClauseDbP,
        mut ImplGraphP,
        mut ProofP<'a>,
        mut SolverStateP,
        mut TrailP,
        mut VsidsP,
        mut WatchlistsP,
        EnumerationP,
        VariablesP,
    ),
    vivify: &mut Vivify,
    effort_per_mille: u64,
) {
    vivify.due = false;
    if ctx.part(EnumerationP).active
        || ctx.part(ProofP).clause_hashes_required()
        || !ctx.part(TrailP).fully_propagated()
    {
        return;
    }
    vivify.stats.rounds += 1;
    let base = ctx.part(TrailP).current_level();
    let start = ctx.part(TrailP).propagations();
    let budget = (start - vivify.propagations_mark).saturating_mul(effort_per_mille) / 1000;
    vivify.resize(ctx.part(AssignmentP).assignment().len());
    enable_watchlists(ctx.borrow());

    let mut candidates = vec![];
    {
        let ctx_ref: partial!(Context, ClauseAllocP, ClauseDbP) = ctx.borrow();
        let alloc = ctx_ref.part(ClauseAllocP);
        for cref in db::clauses_iter(&ctx_ref) {
            let header = alloc.header(cref);
            if (header.tier() == Tier::Core || header.tier() == Tier::Mid) && !header.vivified() {
                candidates.push((cref, alloc.clause(cref).lits().to_vec()));
            }
        }
    }
    for (_, lits) in &candidates {
        for &lit in lits {
            vivify.occurrences[lit.code()] += 1;
        }
    }
    // Each clause's frequent literals first, and the clauses in that order, so that one clause's
    // decisions are often the next one's first decisions too, kept on the trail.
    {
        let occurrences = &vivify.occurrences;
        let key = |lit: &Lit| (std::cmp::Reverse(occurrences[lit.code()]), lit.code());
        for (_, lits) in candidates.iter_mut() {
            lits.sort_by_key(key);
        }
        candidates.sort_by(|(_, a), (_, b)| a.iter().map(key).cmp(b.iter().map(key)));
    }

    for (cref, lits) in &candidates {
        let cref = *cref;
        if ctx.part(TrailP).propagations() - start > budget {
            break;
        }
        ctx.part_mut(ClauseAllocP)
            .header_mut(cref)
            .set_vivified(true);
        // A clause true at the base level, or with a literal false at an assumption's level,
        // stays.
        let assignment = ctx.part(AssignmentP);
        let graph = ctx.part(ImplGraphP);
        if lits.iter().any(|&lit| {
            let level = graph.level(lit.var());
            (assignment.lit_is_true(lit) && level <= base)
                || (assignment.lit_is_false(lit) && level > 0 && level <= base)
        }) {
            continue;
        }
        vivify.stats.tried += 1;
        let watched = {
            let clause_lits = ctx.part(ClauseAllocP).clause(cref).lits();
            [clause_lits[0], clause_lits[1]]
        };
        ctx.part_mut(WatchlistsP).unwatch_clause(cref, watched);

        for &lit in lits {
            vivify.in_clause[lit.code()] = true;
        }
        let keep = reusable_level(ctx.borrow(), vivify, base, cref, lits);
        backtrack_keeping_phases(ctx.borrow(), keep);
        let trial = try_clause(ctx.borrow(), vivify, lits);
        for &lit in lits {
            vivify.in_clause[lit.code()] = false;
        }

        match trial {
            Trial::Shorter(shorter) => {
                let removed = lits.len() - shorter.len();
                vivify.stats.shortened += 1;
                vivify.stats.literals_removed += removed as u64;
                if replace_clause(ctx.borrow(), base, cref, &shorter) {
                    break;
                }
            }
            Trial::Same => watch_or_backtrack(ctx.borrow(), base, cref),
        }
    }
    backtrack_keeping_phases(ctx.borrow(), base);
    for (_, lits) in &candidates {
        for &lit in lits {
            vivify.occurrences[lit.code()] = 0;
        }
    }
    vivify.propagations_mark = ctx.part(TrailP).propagations();
}

/// The deepest level above `base` whose decisions, and those below it, all assign false a literal
/// of the clause being vivified (marked in `vivify.in_clause`): the trail up to there serves
/// its trial, unless the clause (watched while that trail was propagated) is a reason on it.
fn reusable_level(
    ctx: partial!(Context, AssignmentP, ImplGraphP, TrailP),
    vivify: &Vivify,
    base: usize,
    cref: ClauseRef,
    lits: &[Lit],
) -> usize {
    let trail = ctx.part(TrailP);
    let mut keep = base;
    while keep < trail.current_level() && vivify.in_clause[(!trail.decision_at(keep + 1)).code()] {
        keep += 1;
    }
    let assignment = ctx.part(AssignmentP);
    let graph = ctx.part(ImplGraphP);
    if lits
        .iter()
        .any(|&lit| assignment.lit_is_true(lit) && *graph.reason(lit.var()) == Reason::Long(cref))
    {
        return base;
    }
    keep
}

/// Assigns the clause's literals (`lits`, in the order to decide them; those false on the
/// trail already are skipped) false one by one and finds what the clause can become; after a
/// conflict, backtracks below its level.
fn try_clause(
    mut ctx: partial!(
        Context,
        mut AssignmentP,
        mut ClauseAllocP,
        mut ImplGraphP,
        mut TrailP,
        mut VsidsP,
        mut WatchlistsP,
        BinaryClausesP,
        ClauseDbP,
    ),
    vivify: &mut Vivify,
    lits: &[Lit],
) -> Trial {
    let mut implied_true = None;
    let mut conflict = None;
    for &lit in lits {
        match ctx.part(AssignmentP).lit_value(lit) {
            Some(true) => {
                implied_true = Some(lit);
                break;
            }
            Some(false) => continue,
            None => {
                ctx.part_mut(TrailP).new_decision_level();
                enqueue_assignment(ctx.borrow(), !lit, Reason::Unit);
                if let Err(found) = propagate(ctx.borrow()) {
                    conflict = Some(found);
                    break;
                }
            }
        }
    }

    // The false literals to walk back from: the conflict's; a true literal's reason's; or, with
    // every literal false and no conflict, the reasons of those implied false.
    let mut start = vec![];
    let mut shorter = vec![];
    if let Some(found) = conflict {
        start.extend_from_slice(found.lits(&ctx.borrow()));
    } else if let Some(lit) = implied_true {
        shorter.push(lit);
        let reason = ctx.part(ImplGraphP).reason(lit.var());
        start.extend_from_slice(reason_lits(ctx.part(ClauseAllocP), reason));
    } else {
        // Every decision's literal stays (the clause itself is the conflict); those implied
        // false go if their reasons reach back to the clause alone.
        let graph = ctx.part(ImplGraphP);
        for &lit in lits {
            let var = lit.var();
            if graph.level(var) == 0 {
                continue;
            }
            let reason = *graph.reason(var);
            if reason.is_unit() {
                start.push(lit);
            } else {
                start.extend_from_slice(reason_lits(ctx.part(ClauseAllocP), &reason));
            }
        }
    }

    let walked = walk_to_clause(ctx.borrow(), vivify, start, &mut shorter);
    if conflict.is_some() {
        let level = ctx.part(TrailP).current_level();
        backtrack_keeping_phases(ctx.borrow(), level - 1);
    }

    if walked && !shorter.is_empty() && shorter.len() < lits.len() {
        Trial::Shorter(shorter)
    } else {
        Trial::Same
    }
}

/// Watches the clause (unwatched) on two literals not false on the trail, moved to its front;
/// with no two such, backtracks to `base`, where its literals are as they were when it was
/// unwatched (or, shortened, all unassigned).
fn watch_or_backtrack(
    mut ctx: partial!(
        Context,
        mut AssignmentP,
        mut ClauseAllocP,
        mut TrailP,
        mut VsidsP,
        mut WatchlistsP
    ),
    base: usize,
    cref: ClauseRef,
) {
    for attempt in 0..2 {
        let (alloc, mut ctx) = ctx.split_part_mut(ClauseAllocP);
        let lits = alloc.clause_mut(cref).lits_mut();
        let mut found = 0;
        for i in 0..lits.len() {
            if !ctx.part(AssignmentP).lit_is_false(lits[i]) {
                lits.swap(found, i);
                found += 1;
                if found == 2 {
                    break;
                }
            }
        }
        if found == 2 {
            ctx.part_mut(WatchlistsP)
                .watch_clause(cref, [lits[0], lits[1]]);
            return;
        }
        debug_assert_eq!(
            attempt, 0,
            "a clause without two free literals at the base level"
        );
        backtrack_keeping_phases(ctx.borrow(), base);
    }
}

/// Walks the implication graph back from `start` (false literals) to false literals of the
/// clause (`vivify.in_clause`), which go into `shorter`; literals fixed at level 0 are left out.
/// False if the walk reaches a decision that is no literal of the clause (an assumption).
fn walk_to_clause(
    ctx: partial!(Context, AssignmentP, ClauseAllocP, ImplGraphP),
    vivify: &mut Vivify,
    mut stack: Vec<Lit>,
    shorter: &mut Vec<Lit>,
) -> bool {
    let mut visited = vec![];
    let mut ok = true;
    let graph = ctx.part(ImplGraphP);
    while let Some(lit) = stack.pop() {
        let var = lit.var();
        if vivify.seen[var.index()] {
            continue;
        }
        vivify.seen[var.index()] = true;
        visited.push(var);
        debug_assert!(ctx.part(AssignmentP).lit_is_false(lit));
        if graph.level(var) == 0 {
            continue;
        }
        if vivify.in_clause[lit.code()] {
            shorter.push(lit);
            continue;
        }
        let reason = graph.reason(var);
        if reason.is_unit() {
            ok = false;
            break;
        }
        stack.extend_from_slice(reason_lits(ctx.part(ClauseAllocP), reason));
    }
    for var in visited {
        vivify.seen[var.index()] = false;
    }
    ok
}

/// The false literals of a reason (`Reason::lits` without a context to borrow).
fn reason_lits<'a>(alloc: &'a ClauseAlloc, reason: &'a Reason) -> &'a [Lit] {
    match reason {
        Reason::Unit => &[],
        Reason::Binary(lit) => lit,
        Reason::Long(cref) => &alloc.clause(*cref).lits()[1..],
    }
}

/// Replaces the clause `cref` (unwatched) by `shorter`, a subset of it; true if that found a
/// unit, which ends the round (the search propagates it).
fn replace_clause<'a>(
    mut ctx: partial!(
        Context<'a>,
        mut AssignmentP,
        mut BinaryClausesP,
        mut ClauseAllocP,
        mut ClauseDbP,
        mut ImplGraphP,
        mut ProofP<'a>,
        mut SolverStateP,
        mut TrailP,
        mut VsidsP,
        mut WatchlistsP,
        VariablesP,
    ),
    base: usize,
    cref: ClauseRef,
    shorter: &[Lit],
) -> bool {
    if shorter.len() == 1 && base > 0 {
        // A unit belongs at level 0, below the assumptions: keep the clause.
        watch_or_backtrack(ctx.borrow(), base, cref);
        return false;
    }
    if shorter.len() <= 2 {
        // A unit or binary clause is put in at the base level, where its literals are free.
        backtrack_keeping_phases(ctx.borrow(), base);
    }
    if ctx.part(ProofP).is_active() {
        proof::add_step(
            ctx.borrow(),
            true,
            &ProofStep::AtClause {
                redundant: shorter.len() > 2,
                clause: shorter,
                propagation_hashes: &[],
            },
        );
        let (alloc, mut ctx) = ctx.split_part(ClauseAllocP);
        proof::add_step(
            ctx.borrow(),
            true,
            &ProofStep::DeleteClause {
                clause: alloc.clause(cref).lits(),
                proof: DeleteClauseProof::Redundant,
            },
        );
    }
    match *shorter {
        [lit] => {
            db::delete_unwatched_clause(ctx.borrow(), cref);
            enqueue_assignment(ctx.borrow(), lit, Reason::Unit);
            true
        }
        [lit_0, lit_1] => {
            db::delete_unwatched_clause(ctx.borrow(), cref);
            ctx.part_mut(BinaryClausesP)
                .add_binary_clause([lit_0, lit_1]);
            false
        }
        _ => {
            let clause = ctx.part_mut(ClauseAllocP).clause_mut(cref);
            clause.lits_mut()[..shorter.len()].copy_from_slice(shorter);
            clause.header_mut().set_len(shorter.len());
            let glue = clause.header().glue().min(shorter.len() - 1);
            clause.header_mut().set_glue(glue);
            watch_or_backtrack(ctx.borrow(), base, cref);
            false
        }
    }
}
