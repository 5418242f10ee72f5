//! The client side of the language server's end-to-end tests: a server on its own thread over
//! an in-memory connection, and requests and notifications sent to it.
#![allow(dead_code)] // each test binary uses part of it

use std::path::PathBuf;
use std::thread::JoinHandle;
use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use lsp_types::PublishDiagnosticsParams;
use lsp_types::notification::{Notification as _, PublishDiagnostics};

pub struct Client {
    connection: Connection,
    next_id: i32,
}

/// A server started with `cuda_root` and `nvcc_args`, and its client.
pub fn start(
    cuda_root: PathBuf,
    nvcc_args: Vec<String>,
) -> (Client, JoinHandle<anyhow::Result<()>>) {
    let (server, client) = Connection::memory();
    let thread = std::thread::spawn(move || {
        lsp::run(
            &server,
            lsp::Config {
                cuda_root,
                nvcc_args,
            },
        )
    });
    let client = Client {
        connection: client,
        next_id: 0,
    };
    (client, thread)
}

impl Client {
    /// Sends a request and waits for its response's result (a response error fails the test).
    pub fn request(&mut self, method: &str, params: serde_json::Value) -> serde_json::Value {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.connection
            .sender
            .send(Request::new(id.clone(), method.to_string(), params).into())
            .unwrap();
        loop {
            if let Message::Response(r) = self.recv()
                && r.id == id
            {
                return match r.response_result {
                    Ok(result) => result,
                    Err(e) => panic!("{method}: {e:?}"),
                };
            }
        }
    }

    pub fn notify(&self, method: &str, params: serde_json::Value) {
        self.connection
            .sender
            .send(Notification::new(method.to_string(), params).into())
            .unwrap();
    }

    pub fn recv(&self) -> Message {
        self.connection
            .receiver
            .recv_timeout(Duration::from_secs(600))
            .expect("the server answers")
    }

    /// The next diagnostics the server publishes.
    pub fn diagnostics(&self) -> PublishDiagnosticsParams {
        loop {
            if let Message::Notification(n) = self.recv()
                && n.method == PublishDiagnostics::METHOD
            {
                return serde_json::from_value(n.params).unwrap();
            }
        }
    }
}
