import { Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { DualListPicker } from '../../components/dual-list-picker/dual-list-picker.tsx';
import { useWfGroups } from './types-api.ts';

/** The groups that must authorise shippings of the type (any one member fills a group's authorisation). */
export function TypeWfGroupsField({ typeId, onChange }: { typeId: number; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const groups = useWfGroups(typeId);
  return (
    <Form.Item label={t('TYPE_WF_GROUPS')} extra={t('TYPE_WF_GROUPS_HINT')}>
      {groups.data ? (
        <DualListPicker
          available={groups.data.available}
          selected={groups.data.selected}
          onChange={(ids) => onChange(ids)}
          availableTitle={t('PICKER_AVAILABLE')}
          selectedTitle={t('TYPE_WF_GROUPS')}
          data-testid="type-wf-groups-picker"
        />
      ) : (
        <Spin />
      )}
    </Form.Item>
  );
}
