//! `satpuz serve`: the local web server with the puzzle pages (see docs/serve.md).

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::bail;
use clap::Args;
use satpuz::serve::{Config, MAX_WORKERS, start};

use super::EXIT_OK;
use super::output::{eoutln, outln};

#[derive(Debug, Args)]
pub struct ServeCmd {
    /// Port to listen on; 0 picks a free one (the URL printed says which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on. Anything but a loopback address lets other machines play (and
    /// use the solver): a warning says so.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Open the page in the browser (with xdg-open, when there is one).
    #[arg(long)]
    pub open: bool,
    /// Seconds one request may use the solver before it is answered 503.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub time_limit: f64,
    /// Worker threads, 1 to 256 (default: the number of cores, at least 2).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_WORKERS as i64))]
    pub workers: Option<u16>,
}

impl ServeCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        if !(self.time_limit.is_finite() && self.time_limit > 0.0 && self.time_limit <= 3600.0) {
            bail!(
                "--time-limit {}: give seconds above 0, at most 3600",
                self.time_limit
            );
        }
        if !self.host.is_loopback() {
            eoutln!(
                "warning: listening on {}: other machines can reach this server and make it \
                 run the solver",
                self.host
            );
        }
        let mut config = Config {
            addr: SocketAddr::new(self.host, self.port),
            time_limit: Duration::from_secs_f64(self.time_limit),
            ..Config::default()
        };
        if let Some(w) = self.workers {
            config.workers = usize::from(w);
        }
        let running = start(&config)?;
        outln!("satpuz serve: {}", running.url())?;
        super::output::flush_stdout()?;
        if self.open {
            open_browser(&running.url());
        }
        eoutln!("Ctrl-C ends it.");
        // Ctrl-C's default action ends the process; nothing is left half-written.
        running.wait();
        Ok(ExitCode::from(EXIT_OK))
    }
}

fn open_browser(url: &str) {
    match std::process::Command::new("xdg-open")
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        Ok(_) => {}
        Err(_) => eoutln!("--open: no xdg-open here; open {url} in a browser"),
    }
}
