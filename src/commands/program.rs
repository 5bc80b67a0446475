//! `nimforge program MACHINE --board B`: the machine's board wrapper built
//! ([`super::build::implement`]) and flashed with iceprog.

use nimforge_verify::boards;
use nimforge_verify::Places;
use std::path::Path;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: super::build::Target,
}

/// `nimforge program MACHINE --board B`: build the board wrapper, then
/// flash it with iceprog.
pub fn run(args: &Args, root: &Path) -> Result<i32, crate::Error> {
    let board = args.target.board.as_str();
    let machine = crate::machines::find(&args.target.machine)?.name;
    boards::board(board)?;
    // The programmer first: no point building for a flash that cannot run.
    nimforge_verify::flow::iceprog::ICEPROG.find()?;
    let (r, bin) = super::build::implement(machine, board, root)?;
    println!("{}", nimforge_verify::build::table(std::slice::from_ref(&r)));
    let dir = Places::board_build(root, machine, board);
    nimforge_verify::flow::iceprog::program(Path::new(&bin), &dir)?;
    println!("{machine} is on the {board}: open its serial port at 115200 8N1 (fpga/protocol.md)");
    Ok(0)
}
