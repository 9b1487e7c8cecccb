//! A logic-grid puzzle file: parsed, then built into a model (where clue integers meet
//! position arithmetic), sized for the default encoding, and its name read as a sheet's position
//! (the file's position rule); never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(puzzle) = satpuz::puzzles::grid::GridPuzzle::from_json(text) {
        let _ = puzzle.check_size(satpuz::model::EncodeOptions::default());
        if let Ok(p) = puzzle.position_named(&puzzle.name) {
            assert!(
                p < puzzle.positions.count,
                "position {p} of {}",
                puzzle.positions.count
            );
        }
        // Keep each run small: the model of a huge declared grid is not this target's subject.
        if puzzle.positions.count <= 12 && puzzle.categories.len() <= 6 {
            let _ = puzzle.build();
            let _ = puzzle.build_merged();
        }
    }
});
