import type { ResultFilter, ShippingStateFilter } from '@sello/contracts/enums';
import { denyOutcomeOf, type TDenyOutcome } from '@sello/contracts/shipping-situations';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resultKey, stateKey } from './shipping-labels.tsx';

export type TDenyReason = { stateCom: ShippingStateFilter; resultCom: ResultFilter; comment?: string };

const COMMENT_MAX = 500;

/** The outcomes the server accepts for shippings in these states (contracts DENY_OUTCOMES), once each. */
export function denyOutcomesFor(states: readonly string[]): TDenyOutcome[] {
  const outcomes = states.map(denyOutcomeOf).filter((outcome) => outcome !== undefined);
  return [...new Set(outcomes)];
}

/**
 * Asks the outcome of a denial (spec §3: `stateCom` and `resultCom`) and its reason before denying one or
 * more shippings. It offers only what the server accepts for their states: an authoriser's refusal
 * (`no_auth`) awaiting authorisation, a supervisor's rejection (`closed`) under review, whose reason is
 * required.
 */
export function DenyDialog({
  open,
  count,
  states,
  onCancel,
  onDeny,
}: {
  open: boolean;
  count: number;
  states: readonly string[];
  onCancel: () => void;
  onDeny: (reason: TDenyReason) => void;
}) {
  const { t } = useTranslation();
  const outcomes = denyOutcomesFor(states);
  const [chosen, setChosen] = useState(0);
  const [comment, setComment] = useState('');
  const outcome = outcomes[Math.min(chosen, outcomes.length - 1)];
  const needsComment = outcome?.action === 'supervisorReject';
  const valid = outcome !== undefined && (!needsComment || comment.trim().length > 0);
  return (
    <Modal
      open={open}
      title={t('SHIPPING_DENY_TITLE', { count })}
      okText={t('SHIPPING_ACTION_DENY')}
      cancelText={t('CANCEL')}
      okButtonProps={{ danger: true, disabled: !valid, 'data-testid': 'deny-ok' }}
      cancelButtonProps={{ 'data-testid': 'deny-cancel' }}
      onCancel={onCancel}
      onOk={() =>
        outcome &&
        onDeny({ stateCom: outcome.stateCom, resultCom: outcome.resultCom, comment: comment.trim() || undefined })
      }
      destroyOnHidden
      data-testid="deny-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={t('SHIPPING_DENY_RESULT')}>
          <Select
            value={chosen}
            options={outcomes.map((row, index) => ({
              value: index,
              label: `${t(resultKey(row.resultCom))} → ${t(stateKey(row.stateCom))}`,
            }))}
            onChange={setChosen}
            data-testid="deny-result"
          />
        </Form.Item>
        <Form.Item
          label={t('SHIPPING_DENY_COMMENT')}
          required={needsComment}
          help={needsComment && comment.trim() === '' ? t('ERR_FIELD_REQUIRED') : undefined}
        >
          <Input.TextArea
            value={comment}
            maxLength={COMMENT_MAX}
            showCount
            rows={3}
            onChange={(event) => setComment(event.target.value)}
            data-testid="deny-comment"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
