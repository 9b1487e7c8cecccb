//! Who may call the server. It runs on the user's machine, and any web page the user visits
//! can make the browser send it requests, so before any work it refuses:
//! - a `Host` that is not an address it serves (DNS rebinding: a page of `evil.example` whose
//!   name is made to resolve to 127.0.0.1 sends `Host: evil.example`);
//! - a write (POST) whose `Origin` is another site's (a cross-origin form or `fetch`);
//! - a POST whose body is not declared `application/json` (browsers send `text/plain`,
//!   form and multipart bodies cross-origin without asking the server first; a JSON body
//!   needs a CORS preflight, which this server never grants).

use std::net::{IpAddr, SocketAddr};

use super::api::ApiError;

/// The request's method and the headers the guard reads.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Head<'a> {
    pub(crate) post: bool,
    pub(crate) host: Option<&'a str>,
    pub(crate) origin: Option<&'a str>,
    pub(crate) content_type: Option<&'a str>,
}

/// The address served, and so the `Host` and `Origin` values accepted.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Guard {
    served: SocketAddr,
}

impl Guard {
    pub(crate) fn new(served: SocketAddr) -> Guard {
        Guard { served }
    }

    /// Refuses the request (403 or 415, saying why) unless it may be served.
    pub(crate) fn check(&self, head: &Head) -> Result<(), ApiError> {
        let forbidden = |message: String| ApiError {
            status: 403,
            field: None,
            message,
        };
        let Some(host) = head.host else {
            return Err(forbidden(
                "the request has no Host header; this server answers only requests for its \
                 own address"
                    .into(),
            ));
        };
        if !self.serves(host) {
            return Err(forbidden(format!(
                "Host `{}` is not this server's address ({}); it answers only requests sent \
                 to it by address or as localhost",
                shorten(host),
                self.served
            )));
        }
        if !head.post {
            return Ok(());
        }
        if let Some(origin) = head.origin {
            let own = origin
                .strip_prefix("http://")
                .is_some_and(|authority| self.serves(authority));
            if !own {
                return Err(forbidden(format!(
                    "a request from `{}` (another site) may not use this server; open its own \
                     page at http://{}/",
                    shorten(origin),
                    self.served
                )));
            }
        }
        let json = head.content_type.is_some_and(|t| {
            let media = t.split(';').next().unwrap_or("").trim();
            media.eq_ignore_ascii_case("application/json")
        });
        if !json {
            return Err(ApiError {
                status: 415,
                field: None,
                message: format!(
                    "the body must be sent as `Content-Type: application/json`, not {}",
                    head.content_type
                        .map_or("without a Content-Type".to_string(), |t| format!(
                            "`{}`",
                            shorten(t)
                        ))
                ),
            });
        }
        Ok(())
    }

    /// Is `authority` (`host[:port]`) this server: its port, and an IP address it listens on,
    /// a loopback address, or `localhost`? An IP address cannot be rebound; a name other than
    /// `localhost` can.
    fn serves(&self, authority: &str) -> bool {
        let (name, port) = split_authority(authority);
        if port != Some(self.served.port()) {
            return false;
        }
        if name.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let ip = name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .unwrap_or(name)
            .parse::<IpAddr>();
        match ip {
            Ok(ip) => {
                ip == self.served.ip() || ip.is_loopback() || self.served.ip().is_unspecified()
            }
            Err(_) => false,
        }
    }
}

/// `host:port`, `[v6]:port` or `host` (port 80) as its name and port (None: not a port).
fn split_authority(authority: &str) -> (&str, Option<u16>) {
    let authority = authority.trim();
    let port_at = match authority.rfind(':') {
        // A colon inside `[...]` is the IPv6 address's own.
        Some(i) if !authority[i..].contains(']') => i,
        _ => return (authority, Some(80)),
    };
    let port = authority[port_at + 1..].parse().ok();
    (&authority[..port_at], port)
}

/// A header's value cut short for a message.
fn shorten(s: &str) -> String {
    let mut out: String = s.chars().take(80).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn post<'a>(host: &'a str, origin: Option<&'a str>, content_type: &'a str) -> Head<'a> {
        Head {
            post: true,
            host: Some(host),
            origin,
            content_type: Some(content_type),
        }
    }

    #[test]
    fn the_served_address_localhost_and_loopback_are_served_and_nothing_else() {
        let guard = Guard::new("127.0.0.1:8080".parse().unwrap());
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LocalHost:8080",
            "[::1]:8080",
        ] {
            let head = Head {
                host: Some(host),
                ..Head::default()
            };
            assert!(guard.check(&head).is_ok(), "{host}");
        }
        for host in [
            "evil.example:8080",
            "127.0.0.1:8081",
            "127.0.0.1",
            "localhost",
            "127.0.0.1:80800",
            "192.168.1.2:8080",
            "",
        ] {
            let head = Head {
                host: Some(host),
                ..Head::default()
            };
            assert_eq!(guard.check(&head).unwrap_err().status, 403, "{host}");
        }
        assert_eq!(guard.check(&Head::default()).unwrap_err().status, 403);
        // Listening on every address: any address of the machine, never a name.
        let all = Guard::new("0.0.0.0:80".parse().unwrap());
        for (host, ok) in [
            ("192.168.1.2", true),
            ("localhost", true),
            ("evil.example", false),
        ] {
            let head = Head {
                host: Some(host),
                ..Head::default()
            };
            assert_eq!(all.check(&head).is_ok(), ok, "{host}");
        }
    }

    #[test]
    fn posts_need_the_own_origin_if_any_and_a_json_body() {
        let guard = Guard::new("127.0.0.1:8080".parse().unwrap());
        let h = "127.0.0.1:8080";
        assert!(guard.check(&post(h, None, "application/json")).is_ok());
        let own = Some("http://localhost:8080");
        assert!(
            guard
                .check(&post(h, own, "Application/JSON; charset=utf-8"))
                .is_ok()
        );
        for origin in [
            "http://evil.example",
            "null",
            "https://127.0.0.1:8080",
            "http://127.0.0.1:9",
        ] {
            let e = guard
                .check(&post(h, Some(origin), "application/json"))
                .unwrap_err();
            assert_eq!(e.status, 403, "{origin}");
        }
        for t in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "application/jsonx",
        ] {
            let e = guard.check(&post(h, None, t)).unwrap_err();
            assert_eq!(e.status, 415, "{t}");
            assert!(e.message.contains("application/json"), "{}", e.message);
        }
        let mut untyped = post(h, None, "");
        untyped.content_type = None;
        assert_eq!(guard.check(&untyped).unwrap_err().status, 415);
    }
}
