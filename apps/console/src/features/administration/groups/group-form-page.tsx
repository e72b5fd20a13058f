import { ZGroupInput } from '@sello/contracts/catalogue/administration-groups';
import { Checkbox, Form, Input, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { DualListPicker } from '../../../components/dual-list-picker/dual-list-picker.tsx';
import { clearErrorsOnChange, parseForForm, showServerErrors } from '../../../components/form/form-errors.ts';
import { useFormDraft } from '../../../components/form/use-form-draft.tsx';
import { AdminFormPage, FormButtons, useBackToList, useRecordId } from '../shared/admin-form-page.tsx';
import { useAdminDomain } from '../shared/use-admin-domain.ts';
import { NO_ITEMS, useUsersByDomain } from '../shared/use-domain-pickers.ts';
import { useGroup, useSaveGroup } from './use-groups.ts';

type TGroupFields = { name: string; description?: string; active: boolean };
const FIELDS = ['name', 'description', 'active'];

export default function GroupFormPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const { domainId, chosenDomainId } = useAdminDomain();
  const group = useGroup(id);
  const users = useUsersByDomain(domainId);
  const save = useSaveGroup();
  const back = useBackToList('groups');
  const [form] = Form.useForm<TGroupFields>();
  const draft = useFormDraft(form);
  const [memberIds, setMemberIds] = useState<number[] | undefined>();

  const submit = async (values: TGroupFields) => {
    const userIds = memberIds ?? group.data?.members.map((member) => member.value) ?? [];
    const input = parseForForm(ZGroupInput, { ...values, userIds }, form, t);
    if (!input) return;
    try {
      await save.mutateAsync({ id, domainid: chosenDomainId, input });
      void draft.discard();
      notify.success('ADMIN_SAVED_OK', { persistent: true });
      back();
    } catch (error) {
      showServerErrors(error, form, t, FIELDS);
    }
  };

  return (
    <AdminFormPage kind="groups" editing={id !== undefined} loading={id !== undefined && !group.data}>
      <Form<TGroupFields>
        form={form}
        name="group"
        layout="vertical"
        initialValues={
          group.data
            ? { name: group.data.name, description: group.data.description ?? '', active: group.data.active }
            : { active: true }
        }
        onFinish={submit}
        onValuesChange={clearErrorsOnChange(form)}
        className="admin-form admin-form-wide"
        data-testid="group-form"
      >
        {draft.offer}
        <Form.Item name="name" label={t('GROUP_NAME')} required extra={t('ADMIN_RESTRICTED_TEXT_HINT')}>
          <Input maxLength={200} data-testid="field-name" />
        </Form.Item>
        <Form.Item name="description" label={t('GROUP_DESCRIPTION')}>
          <Input.TextArea maxLength={500} rows={2} data-testid="field-description" />
        </Form.Item>
        <Form.Item name="active" valuePropName="checked">
          <Checkbox data-testid="field-active">{t('ADMIN_ACTIVE')}</Checkbox>
        </Form.Item>
        <Form.Item label={t('GROUP_MEMBERS')}>
          {users.isLoading ? (
            <Spin />
          ) : (
            <DualListPicker
              available={users.data ?? NO_ITEMS}
              selected={group.data?.members ?? NO_ITEMS}
              onChange={(ids) => setMemberIds(ids)}
              availableTitle={t('GROUP_USERS_AVAILABLE')}
              selectedTitle={t('GROUP_MEMBERS')}
              data-testid="group-members-picker"
            />
          )}
        </Form.Item>
        <FormButtons saving={save.isPending} kind="groups" />
      </Form>
    </AdminFormPage>
  );
}
