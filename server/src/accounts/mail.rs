//! Outgoing e-mail (verification codes, password resets, log-in links, invitations).
//!
//! Every message is first written to the `outbox` table. With `TESSERA_SMTP_URL` set it is then
//! sent over SMTP (lettre); without it, the server log shows it, so sign-up works on a fresh
//! machine with no mail server.
//!
//! Bodies carry codes and log-in links, so the outbox keeps them sealed (ChaCha20-Poly1305 under
//! a key derived from the session-signing secret, the recipient as associated data): a copy of
//! the table alone signs nobody in, yet any replica, before or after a restart, can open a
//! message that is still to be delivered ([`Mailer::open`]). Rows written before sealing began
//! are read as they are.

use std::time::Duration;

use base64::Engine;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use rand::Rng;
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, CHACHA20_POLY1305, NONCE_LEN};

use crate::infra::config::Config;
use crate::infra::db::{new_id, now, Db};
use crate::infra::error::{Error, ResultExt};

#[derive(Clone)]
pub struct Mailer {
    smtp: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    /// Seals bodies in the outbox.
    outbox_key: [u8; 32],
}

/// How a sealed body starts in the outbox: the scheme's version, then base64 of nonce and
/// ciphertext with its tag.
const SEALED: &str = "sealed:v1:";

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
    /// `outbox_key` comes from [`crate::accounts::auth::session::SessionKeys::outbox_key`].
    pub fn from_config(config: &Config, outbox_key: [u8; 32]) -> Result<Self, MailConfigError> {
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
        Ok(Self { smtp, from, outbox_key })
    }

    fn key(&self) -> LessSafeKey {
        LessSafeKey::new(UnboundKey::new(&CHACHA20_POLY1305, &self.outbox_key).expect("a 32-byte key fits ChaCha20-Poly1305"))
    }

    /// `body` as the outbox keeps it for `to`.
    fn seal(&self, to: &str, body: &str) -> Result<String, Error> {
        // Random 96-bit nonces: collisions stay negligible far beyond the e-mails one key sends.
        let nonce_bytes: [u8; NONCE_LEN] = rand::rng().random();
        let mut sealed = body.as_bytes().to_vec();
        self.key()
            .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce_bytes), Aad::from(to.as_bytes()), &mut sealed)
            .map_err(|_| Error::internal("sealing an e-mail body", "ChaCha20-Poly1305 refused the body"))?;
        let mut stored = nonce_bytes.to_vec();
        stored.extend_from_slice(&sealed);
        Ok(format!("{SEALED}{}", base64::engine::general_purpose::STANDARD.encode(stored)))
    }

    /// The body of an outbox row for `to`, as it is to be delivered.
    pub fn open(&self, to: &str, stored: &str) -> Result<String, Error> {
        let Some(sealed) = stored.strip_prefix(SEALED) else { return Ok(stored.to_owned()) };
        let unreadable = |what: &str| Error::internal("opening an e-mail body", what.to_owned());
        let mut bytes = base64::engine::general_purpose::STANDARD.decode(sealed).map_err(|_| unreadable("not base64"))?;
        if bytes.len() < NONCE_LEN {
            return Err(unreadable("too short"));
        }
        let mut ciphertext = bytes.split_off(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(&bytes).map_err(|_| unreadable("bad nonce"))?;
        let opened =
            self.key().open_in_place(nonce, Aad::from(to.as_bytes()), &mut ciphertext).map_err(|_| unreadable("wrong key or recipient"))?;
        String::from_utf8(opened.to_vec()).map_err(|_| unreadable("not UTF-8"))
    }

    /// Records the message in the outbox, then delivers it. A failed delivery is kept with its
    /// error in the outbox and answered with 503, so the user knows to try again.
    pub async fn send(&self, db: &Db, to: &str, subject: &str, body: &str) -> Result<(), Error> {
        let id = new_id();
        sqlx::query("INSERT INTO outbox (id, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&id)
            .bind(to)
            .bind(subject)
            .bind(self.seal(to, body)?)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn mailer(key: u8) -> Mailer {
        Mailer::from_config(&Config::default(), [key; 32]).unwrap()
    }

    #[test]
    fn a_sealed_body_hides_its_secret_and_opens_only_with_its_key_and_recipient() {
        let body = "Your Tessera verification code is: 123456\nhttps://tessera.test/dashboard/auth?token=abcdef";
        let sealed = mailer(1).seal("ada@example.com", body).unwrap();
        assert!(sealed.starts_with(SEALED) && !sealed.contains("123456") && !sealed.contains("token="), "{sealed}");
        assert_ne!(sealed, mailer(1).seal("ada@example.com", body).unwrap(), "each seal has its own nonce");
        assert_eq!(mailer(1).open("ada@example.com", &sealed).unwrap(), body);
        assert!(mailer(2).open("ada@example.com", &sealed).is_err());
        assert!(mailer(1).open("eve@example.com", &sealed).is_err());
        assert!(mailer(1).open("ada@example.com", &format!("{SEALED}AAAA")).is_err());
        assert_eq!(mailer(1).open("ada@example.com", "written before sealing").unwrap(), "written before sealing");
    }
}
