//! Scheduling of processing and solving steps.
//!
//! The current implementation is temporary and will be replaced with something more flexible.
use log::info;

use partial_ref::{partial, PartialRef};

use crate::{
    cdcl::conflict_step,
    clause::{
        collect_garbage,
        reduce::{reduce_locals, reduce_mids},
        Tier,
    },
    context::{parts::*, Context},
    prop::{backtrack, restart},
    state::SatState,
    vivify::{vivify_round, Vivify},
};

mod luby;
mod modes;

use luby::LubySequence;
use modes::Modes;

/// Scheduling of processing and solving steps.
#[derive(Default)]
pub struct Schedule {
    conflicts: u64,
    next_restart: u64,
    restarts: u64,
    luby: LubySequence,
    /// satpuz: the conflict count at which to rephase next, if rephasing is on.
    next_rephase: Option<u64>,
    /// satpuz: glue averages and the stable or focused mode (`modes`).
    modes: Modes,
    /// satpuz: vivification of learnt clauses (`crate::vivify`), if on.
    vivify: Vivify,
}

impl Schedule {
    /// satpuz: what vivification did so far (`crate::vivify`).
    pub fn vivify_stats(&self) -> crate::vivify::VivifyStats {
        self.vivify.stats
    }
}

/// Perform one step of the schedule.
pub fn schedule_step<'a>(
    mut ctx: partial!(
        Context<'a>,
        mut AnalyzeConflictP,
        mut AssignmentP,
        mut AssumptionsP,
        mut BinaryClausesP,
        mut ClauseActivityP,
        mut ClauseAllocP,
        mut ClauseDbP,
        mut EnumerationP,
        mut ImplGraphP,
        mut ModelP,
        mut ProofP<'a>,
        mut ScheduleP,
        mut SimplifyScheduleP,
        mut SolverStateP,
        mut TmpDataP,
        mut TmpFlagsP,
        mut TrailP,
        mut VariablesP,
        mut VsidsP,
        mut WatchlistsP,
        SolverConfigP,
    ),
) -> bool {
    let (schedule, mut ctx) = ctx.split_part_mut(ScheduleP);
    let (config, mut ctx) = ctx.split_part(SolverConfigP);

    if ctx.part(SolverStateP).sat_state != SatState::Unknown
        || ctx.part(SolverStateP).solver_error.is_some()
    {
        false
    } else {
        if schedule.conflicts > 0 && schedule.conflicts % 5000 == 0 {
            let db = ctx.part(ClauseDbP);
            let units = ctx.part(TrailP).top_level_assignment_count();
            info!(
                "confl: {}k rest: {} vars: {} bin: {} irred: {} core: {} mid: {} local: {}",
                schedule.conflicts / 1000,
                schedule.restarts,
                ctx.part(AssignmentP).assignment().len() - units,
                ctx.part(BinaryClausesP).count(),
                db.count_by_tier(Tier::Irred),
                db.count_by_tier(Tier::Core),
                db.count_by_tier(Tier::Mid),
                db.count_by_tier(Tier::Local)
            );
        }

        // satpuz: rephasing (`crate::decision::phases`) restarts too, after which the saved
        // phases are replaced. The switches are read here, at every step, as `glue_restarts`
        // is, so that the defaults of `SolverConfig` hold without a call to `Solver::config`.
        ctx.part_mut(AssignmentP)
            .phases
            .configure(config.target_phases, config.rephase_interval);
        let rephase_delay = ctx.part(AssignmentP).phases.rephase_delay();
        if schedule.next_rephase.is_none() {
            schedule.next_rephase = rephase_delay.map(|delay| schedule.conflicts + delay);
        }
        let rephase = rephase_delay.is_some()
            && schedule
                .next_rephase
                .map_or(false, |at| at <= schedule.conflicts);
        // satpuz: glue restarts and mode switching (`modes`).
        let conflicts = schedule.conflicts;
        let switched = config.glue_restarts
            && schedule
                .modes
                .switch_due(conflicts, config.mode_switch_interval);
        let focused = config.glue_restarts && !schedule.modes.stable();
        if switched && !focused {
            schedule.next_restart =
                conflicts + config.luby_restart_interval_scale * schedule.luby.advance();
        }
        ctx.part_mut(AssignmentP).phases.set_focused(focused);
        let restart_due = if focused {
            schedule.modes.glue_restart_due(conflicts)
        } else {
            schedule.next_restart == conflicts
        };
        if restart_due || rephase || switched {
            // satpuz: a projected enumeration restarts above its fixed level (`crate::enumerate`).
            let enumeration = ctx.part(EnumerationP);
            if enumeration.active {
                let fixed = enumeration.fixed;
                backtrack(ctx.borrow(), fixed);
            } else {
                restart(ctx.borrow());
            }
            if restart_due {
                schedule.restarts += 1;
                if !focused {
                    schedule.next_restart +=
                        config.luby_restart_interval_scale * schedule.luby.advance();
                }
            }
            schedule.modes.restarted(conflicts);
            // satpuz: vivification runs at a restart after a reduction of the mid tier.
            if restart_due && config.vivify_learnt_clauses && schedule.vivify.due() {
                vivify_round(ctx.borrow(), &mut schedule.vivify, config.vivify_effort);
            }
        }
        if rephase {
            ctx.part_mut(AssignmentP).rephase();
            schedule.next_rephase = ctx
                .part(AssignmentP)
                .phases
                .rephase_delay()
                .map(|delay| schedule.conflicts + delay);
        }

        if schedule.conflicts % config.reduce_locals_interval == 0 {
            reduce_locals(ctx.borrow());
        }
        if schedule.conflicts % config.reduce_mids_interval == 0 {
            reduce_mids(ctx.borrow());
            schedule.vivify.reduced();
        }

        collect_garbage(ctx.borrow());

        if let Some(glue) = conflict_step(ctx.borrow()) {
            schedule.modes.learnt(glue);
        }
        schedule.conflicts += 1;
        true
    }
}
