import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Trx = Transaction<Database>;

export type TPreparedDocument = { position: number; name: string; preparedPdf: Buffer; signedAttributes: Buffer };

/** Drops the receiver's earlier preparations and anyone's expired ones: a preparation is used once or not at all. */
export async function deleteStalePreparations(trx: Trx, receiverId: string, now: Date): Promise<void> {
  await trx
    .deleteFrom('pki_preparations')
    .where((eb) => eb.or([eb('receiver_id', '=', receiverId), eb('expires_at', '<', now)]))
    .execute();
}

export async function insertPreparation(
  trx: Trx,
  row: { receiverId: string; certificate: Buffer; signingTime: Date; expiresAt: Date },
  documents: readonly TPreparedDocument[],
): Promise<string> {
  const { id } = await trx
    .insertInto('pki_preparations')
    .values({
      receiver_id: row.receiverId,
      certificate: row.certificate,
      signing_time: row.signingTime,
      expires_at: row.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('pki_prepared_documents')
    .values(
      documents.map((document) => ({
        preparation_id: id,
        position: document.position,
        name: document.name,
        prepared_pdf: document.preparedPdf,
        signed_attributes: document.signedAttributes,
      })),
    )
    .execute();
  return id;
}

/** The receiver's live preparation `id` with its documents, or null (unknown, another receiver's, or expired). */
export async function selectPreparation(trx: Trx, id: string, receiverId: string, now: Date) {
  const preparation = await trx
    .selectFrom('pki_preparations')
    .select(['id', 'certificate', 'signing_time as signingTime'])
    .where('id', '=', id)
    .where('receiver_id', '=', receiverId)
    .where('expires_at', '>=', now)
    .executeTakeFirst();
  if (!preparation) return null;
  const documents = await trx
    .selectFrom('pki_prepared_documents')
    .select(['position', 'name', 'prepared_pdf as preparedPdf', 'signed_attributes as signedAttributes'])
    .where('preparation_id', '=', id)
    .orderBy('position')
    .execute();
  return { ...preparation, documents };
}

export async function deletePreparation(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom('pki_preparations').where('id', '=', id).execute();
}
