// /docs/api: the HTTP API reference, drawn in the browser from the server's own OpenAPI document
// (/api/openapi.json), so it always describes the server that serves it.
import { useEffect, useState } from 'react';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { coreErrorMessage } from '../../core/wasm';
import { API_DOCUMENT_PATH, getApiDocument } from './docsApi';
import { operationsByTag, schemaName, type OpenApiDocument, type Operation } from './openapi';

/** The query parameters every call of the web app carries (platform §7, `SpecParams`). */
const COMMON_PARAMETERS = ['board', 'referer', '_id', '_email', '_filters'];

type Loaded = { document: OpenApiDocument } | { error: string } | null;

const tagId = (tag: string) => `api-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export function ApiReference() {
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    let live = true;
    getApiDocument<OpenApiDocument>().then(
      (document) => live && setLoaded({ document }),
      (failure: unknown) => live && setLoaded({ error: `The API description could not be loaded: ${coreErrorMessage(failure)}` }),
    );
    return () => {
      live = false;
    };
  }, []);

  if (loaded === null) return <Loading />;
  if ('error' in loaded) return <FormError message={loaded.error} />;
  const groups = operationsByTag(loaded.document);
  const info = loaded.document.info;
  return (
    <article className="docs-api">
      <h1>HTTP API</h1>
      {info?.description && <p>{info.description}</p>}
      <p>
        Everything the web app does goes through these calls. Requests and answers are JSON; the session is the cookie set by logging in, or an{' '}
        <code>Authorization: Bearer</code> token. The machine-readable description is <a href={API_DOCUMENT_PATH}>{API_DOCUMENT_PATH}</a>
        {info?.version && ` (version ${info.version})`}.
      </p>
      <p>
        Calls marked “common parameters” also take the query parameters{' '}
        {COMMON_PARAMETERS.map((name, i) => (
          <span key={name}>
            {i > 0 && ', '}
            <code>{name}</code>
          </span>
        ))}
        : where the browser is. They never say who the caller is; the session does.
      </p>
      <nav aria-label="API groups">
        <ul className="docs-api-tags">
          {groups.map(([tag, operations]) => (
            <li key={tag}>
              <a href={`#${tagId(tag)}`}>{tag}</a> <span className="muted">({operations.length})</span>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map(([tag, operations]) => (
        <section key={tag} aria-labelledby={tagId(tag)}>
          <h2 id={tagId(tag)}>{tag}</h2>
          {operations.map((operation) => (
            <OperationView key={`${operation.method} ${operation.path}`} operation={operation} />
          ))}
        </section>
      ))}
    </article>
  );
}

function OperationView({ operation }: { operation: Operation }) {
  const name = `${operation.method} ${operation.path}`;
  const common = COMMON_PARAMETERS.every((wanted) => operation.parameters.some((p) => p.name === wanted && p.in === 'query'));
  const parameters = common ? operation.parameters.filter((p) => !(p.in === 'query' && COMMON_PARAMETERS.includes(p.name))) : operation.parameters;
  return (
    <section className="docs-operation" aria-label={name}>
      <h3>
        <span className={`docs-method docs-method-${operation.method.toLowerCase()}`}>{operation.method}</span> <code>{operation.path}</code>
      </h3>
      {operation.summary && <p>{operation.summary}</p>}
      {operation.description && <p className="docs-operation-description">{operation.description}</p>}
      {(parameters.length > 0 || common) && (
        <>
          <h4>Parameters{common && <span className="muted"> (and the common parameters)</span>}</h4>
          {parameters.length > 0 && (
            <div className="docs-table-scroll">
              <table className="docs-api-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">In</th>
                    <th scope="col">Type</th>
                    <th scope="col">Description</th>
                  </tr>
                </thead>
                <tbody>
                  {parameters.map((parameter) => (
                    <tr key={`${parameter.in} ${parameter.name}`}>
                      <th scope="row">
                        <code>{parameter.name}</code>
                        {parameter.required && <span className="docs-required"> (required)</span>}
                      </th>
                      <td>{parameter.in}</td>
                      <td>{schemaName(parameter.schema)}</td>
                      <td>{parameter.description ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {operation.requestBody && (
        <>
          <h4>Request body</h4>
          <p>
            <code>{operation.requestBody.schema || '—'}</code>
            {operation.requestBody.mediaType && <span className="muted"> ({operation.requestBody.mediaType})</span>}
            {operation.requestBody.required ? '' : ', optional'}
          </p>
        </>
      )}
      <h4>Responses</h4>
      <div className="docs-table-scroll">
        <table className="docs-api-table">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Description</th>
              <th scope="col">Body</th>
            </tr>
          </thead>
          <tbody>
            {operation.responses.map((response) => (
              <tr key={response.status}>
                <th scope="row">{response.status}</th>
                <td>{response.description}</td>
                <td>{response.body ? <code>{response.body.schema}</code> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
