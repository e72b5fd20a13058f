import type { ResultFilter, ShippingStateFilter } from '@sello/contracts/enums';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resultKey, stateKey } from './shipping-labels.tsx';

export type TDenyReason = { stateCom: ShippingStateFilter; resultCom: ResultFilter };

/** What a denial may leave a shipping in: refused by its authoriser or by a supervisor. */
export const DENY_STATES: readonly ShippingStateFilter[] = ['no_auth'];
export const DENY_RESULTS: readonly ResultFilter[] = ['authorizer_reject', 'supervisor_reject'];

/** Asks the reason of a denial (spec §3: `stateCom` and `resultCom`) before denying one or more shippings. */
export function DenyDialog({
  open,
  count,
  onCancel,
  onDeny,
}: {
  open: boolean;
  count: number;
  onCancel: () => void;
  onDeny: (reason: TDenyReason) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<TDenyReason>({ stateCom: 'no_auth', resultCom: 'authorizer_reject' });
  return (
    <Modal
      open={open}
      title={t('SHIPPING_DENY_TITLE', { count })}
      okText={t('SHIPPING_ACTION_DENY')}
      cancelText={t('CANCEL')}
      okButtonProps={{ danger: true, 'data-testid': 'deny-ok' }}
      cancelButtonProps={{ 'data-testid': 'deny-cancel' }}
      onCancel={onCancel}
      onOk={() => onDeny(reason)}
      destroyOnHidden
      data-testid="deny-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={t('SHIPPING_DENY_STATE')}>
          <Select
            value={reason.stateCom}
            options={DENY_STATES.map((value) => ({ value, label: t(stateKey(value)) }))}
            onChange={(stateCom) => setReason((current) => ({ ...current, stateCom }))}
            data-testid="deny-state"
          />
        </Form.Item>
        <Form.Item label={t('SHIPPING_DENY_RESULT')}>
          <Select
            value={reason.resultCom}
            options={DENY_RESULTS.map((value) => ({ value, label: t(resultKey(value)) }))}
            onChange={(resultCom) => setReason((current) => ({ ...current, resultCom }))}
            data-testid="deny-result"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
