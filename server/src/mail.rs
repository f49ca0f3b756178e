//! Outgoing e-mail (verification codes, password resets, log-in links, invitations).
//!
//! Every message is first written to the `outbox` table. With `TESSERA_SMTP_URL` set it is then
//! sent over SMTP (lettre); without it, the server log shows it, so sign-up works on a fresh
//! machine with no mail server.

use std::time::Duration;

use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::db::{new_id, now, Db};
use crate::error::{Error, ResultExt};
use crate::Config;

#[derive(Clone)]
pub struct Mailer {
    smtp: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
}

#[derive(Debug, thiserror::Error)]
pub enum MailConfigError {
    #[error("TESSERA_MAIL_FROM must be an address such as `Tessera <no-reply@example.com>`, got `{value}`: {source}")]
    From {
        value: String,
        #[source]
        source: lettre::address::AddressError,
    },
    #[error("TESSERA_SMTP_URL must look like smtp://host:port or smtps://user:password@host: {0}")]
    Smtp(#[source] lettre::transport::smtp::Error),
}

impl Mailer {
    pub fn from_config(config: &Config) -> Result<Self, MailConfigError> {
        let from = config.mail_from.parse().map_err(|source| MailConfigError::From { value: config.mail_from.clone(), source })?;
        let smtp = match &config.smtp_url {
            Some(url) => Some(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(MailConfigError::Smtp)?
                    .timeout(Some(Duration::from_secs(15)))
                    .build(),
            ),
            None => None,
        };
        Ok(Self { smtp, from })
    }

    /// Records the message in the outbox, then delivers it. A failed delivery is kept with its
    /// error in the outbox and answered with 503, so the user knows to try again.
    pub async fn send(&self, db: &Db, to: &str, subject: &str, body: &str) -> Result<(), Error> {
        let id = new_id();
        sqlx::query("INSERT INTO outbox (id, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&id)
            .bind(to)
            .bind(subject)
            .bind(body)
            .bind(now())
            .execute(&db.pool)
            .await
            .context("writing an e-mail to the outbox")?;
        let Some(smtp) = &self.smtp else {
            tracing::info!(%to, %subject, "e-mail not sent (no TESSERA_SMTP_URL); it reads:\n{body}");
            return Ok(());
        };
        let outcome = match self.message(to, subject, body) {
            Ok(message) => smtp.send(message).await.map(|_| ()).map_err(|error| error.to_string()),
            Err(error) => Err(error),
        };
        let (sent_at, error) = match &outcome {
            Ok(()) => (Some(now()), None),
            Err(error) => (None, Some(error.clone())),
        };
        sqlx::query("UPDATE outbox SET sent_at = $1, error = $2 WHERE id = $3")
            .bind(sent_at)
            .bind(error)
            .bind(&id)
            .execute(&db.pool)
            .await
            .context("recording an e-mail's delivery")?;
        outcome.map_err(|error| {
            tracing::error!(%to, %subject, %error, "SMTP delivery failed");
            Error::Unavailable(format!("We could not send the e-mail to {to}. Please try again in a few minutes."))
        })
    }

    fn message(&self, to: &str, subject: &str, body: &str) -> Result<Message, String> {
        let to: Mailbox = to.parse().map_err(|error| format!("bad recipient {to}: {error}"))?;
        Message::builder().from(self.from.clone()).to(to).subject(subject).body(body.to_owned()).map_err(|error| error.to_string())
    }
}
