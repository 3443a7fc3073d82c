/** Table of modules/idempotency (migration 0011_idempotency). */
export interface IdempotentRequestTable {
  merchant_id: number;
  scope: string;
  idempotency_key: string;
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  response_type: string | null;
  created_at: Date;
  completed_at: Date | null;
}

export interface IdempotencyTables {
  idempotent_request: IdempotentRequestTable;
}
