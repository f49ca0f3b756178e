use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    match tessera_server::http::server::run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("tessera-server: {err}");
            ExitCode::FAILURE
        }
    }
}
