//! A local SMTP stand-in on loopback: it speaks enough of RFC 5321 for lettre (EHLO, MAIL,
//! RCPT, DATA, RSET, NOOP, QUIT) and keeps every message it receives.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// One message as received: envelope recipients and the raw DATA (headers and body).
#[derive(Debug, Clone)]
pub struct Received {
    pub recipients: Vec<String>,
    pub data: String,
}

#[derive(Clone)]
pub struct SmtpStandIn {
    pub url: String,
    messages: Arc<Mutex<Vec<Received>>>,
}

impl SmtpStandIn {
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("smtp://{}", listener.local_addr().unwrap());
        let messages = Arc::new(Mutex::new(Vec::new()));
        let store = messages.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(session(stream, store.clone()));
            }
        });
        Self { url, messages }
    }

    pub fn messages(&self) -> Vec<Received> {
        self.messages.lock().unwrap().clone()
    }

    /// The last message sent to `recipient`, waiting up to 5 s for it to arrive.
    pub async fn last_to(&self, recipient: &str) -> Received {
        for _ in 0..100 {
            if let Some(found) = self.messages().into_iter().rev().find(|m| m.recipients.iter().any(|r| r.eq_ignore_ascii_case(recipient)))
            {
                return found;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("no e-mail reached {recipient}; received: {:?}", self.messages());
    }
}

async fn session(stream: tokio::net::TcpStream, store: Arc<Mutex<Vec<Received>>>) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    write.write_all(b"220 stand-in ESMTP\r\n").await?;
    let mut recipients = Vec::new();
    while let Some(line) = lines.next_line().await? {
        let verb = line.split_whitespace().next().unwrap_or_default().to_ascii_uppercase();
        match verb.as_str() {
            "EHLO" | "HELO" => write.write_all(b"250-stand-in\r\n250 8BITMIME\r\n").await?,
            "MAIL" => {
                recipients.clear();
                write.write_all(b"250 OK\r\n").await?;
            }
            "RCPT" => {
                let address = line.split(['<', '>']).nth(1).unwrap_or_default().to_owned();
                recipients.push(address);
                write.write_all(b"250 OK\r\n").await?;
            }
            "DATA" => {
                write.write_all(b"354 end with <CRLF>.<CRLF>\r\n").await?;
                let mut data = String::new();
                while let Some(line) = lines.next_line().await? {
                    if line == "." {
                        break;
                    }
                    data.push_str(line.strip_prefix('.').filter(|_| line.starts_with("..")).unwrap_or(&line));
                    data.push('\n');
                }
                store.lock().unwrap().push(Received { recipients: std::mem::take(&mut recipients), data });
                write.write_all(b"250 OK queued\r\n").await?;
            }
            "QUIT" => {
                write.write_all(b"221 bye\r\n").await?;
                return Ok(());
            }
            _ => write.write_all(b"250 OK\r\n").await?,
        }
    }
    Ok(())
}
