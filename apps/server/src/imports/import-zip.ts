import yauzl from 'yauzl';

export type TZipEntry = { name: string; bytes: Buffer };

/** The files of a ZIP (folders and their paths dropped), refusing more than `maxBytes` unpacked in all. */
export function readZipEntries(zip: Buffer, maxBytes: number): Promise<TZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error ?? new Error('not a zip'));
      const entries: TZipEntry[] = [];
      let total = 0;
      archive.on('error', reject);
      archive.on('end', () => resolve(entries));
      archive.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return archive.readEntry();
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => {
            total += chunk.length;
            if (total > maxBytes) {
              stream.destroy();
              reject(new Error('too large'));
            } else chunks.push(chunk);
          });
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName.split('/').at(-1)!, bytes: Buffer.concat(chunks) });
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}
