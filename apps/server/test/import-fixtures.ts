import type { TestClient } from './test-app.ts';

export type TUpload = { name: string; bytes: Buffer | string; type?: string };

/** A multipart body as a browser's FormData sends it. */
export async function multipartBody(fields: Record<string, string>, files: Record<string, TUpload | TUpload[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, entry] of Object.entries(files)) {
    for (const file of [entry].flat()) {
      const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes) : file.bytes;
      form.append(
        name,
        new Blob([new Uint8Array(bytes)], { type: file.type ?? 'application/octet-stream' }),
        file.name,
      );
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

/** Uploads an import file (`shipping/import/import`). */
export async function uploadImport(
  client: TestClient,
  fields: Record<string, string>,
  files: Record<string, TUpload | TUpload[]>,
) {
  const { payload, contentType } = await multipartBody(fields, files);
  return client.call('POST', 'shipping/import/import', payload, { 'content-type': contentType });
}

/** Retries an import's failed rows with its corrected errors file (`shipping/import/retryWithFile`). */
export async function retryImportWithFile(client: TestClient, importId: number | string, file: TUpload) {
  const { payload, contentType } = await multipartBody({ importId: String(importId) }, { data: file });
  return client.call('POST', 'shipping/import/retryWithFile', payload, { 'content-type': contentType });
}

/** A CSV as a Spanish spreadsheet writes it: `;`, CRLF, BOM unless asked otherwise. */
export function spanishCsv(rows: string[][], bom = true): string {
  const text = rows
    .map((row) => row.map((cell) => (/[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(';'))
    .join('\r\n');
  return `${bom ? '\uFEFF' : ''}${text}\r\n`;
}
