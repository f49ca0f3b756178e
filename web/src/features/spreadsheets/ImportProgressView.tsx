import type { ImportProgress } from '../../generated/api';
import type { UploadProgress } from '../../api/upload';
import { importText, uploadText } from './importProgress';

/** The bytes sent with a bar while the file goes out, then the server's rows stored of all. */
export function ImportProgressView({ upload, server }: { upload: UploadProgress | null; server: ImportProgress | null }) {
  const serverText = server && importText(server);
  if (serverText) {
    const total = server.phase === 'storing' ? server.rows_total : null;
    return (
      <div className="import-progress" role="status">
        {total != null && <progress max={Math.max(total, 1)} value={server.rows_stored} aria-label="Rows stored" />}
        <span>{serverText}</span>
      </div>
    );
  }
  if (!upload || upload.total <= 0) return null;
  return (
    <div className="import-progress" role="status">
      <progress max={upload.total} value={upload.sent} aria-label="Upload" />
      <span>{upload.sent < upload.total ? `Uploading ${uploadText(upload)}` : `Uploaded ${uploadText(upload)}; the server is reading it…`}</span>
    </div>
  );
}
