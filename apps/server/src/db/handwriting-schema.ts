import type { ColumnType } from 'kysely';

type BigintRef = ColumnType<string, string | number, string | number>;

/** Strokes of a signature as drawn: the pad's size and each stroke's `[x, y]` points. */
export type THandwritingOutline = { width: number; height: number; strokes: [number, number][][] };

/** Migration 046: a receiver's handwritten signature, its biometric data sealed. */
export type ReceiverHandwritingsTable = {
  receiver_id: BigintRef;
  sealed: Buffer;
  key_id: string;
  sha256: string;
  outline: ColumnType<THandwritingOutline, string, string>;
  point_count: number;
  stroke_count: number;
  created_at: ColumnType<Date, Date | string, Date | string>;
};

export type HandwritingTables = { receiver_handwritings: ReceiverHandwritingsTable };
