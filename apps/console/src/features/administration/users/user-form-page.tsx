import { type TUserDetail, ZUserInput, ZUserUpdate } from '@sello/contracts/catalogue/administration-users';
import { LANGUAGES, type Language } from '@sello/contracts/constants';
import { PERMISSION_FLAGS, type PermissionFlag, toPermissionMap } from '@sello/contracts/permissions';
import { DEFAULT_PERMISSIONS_BY_ROLE } from '@sello/contracts/role-rules';
import { detectRoles } from '@sello/contracts/roles';
import { Alert, Button, Checkbox, Col, Descriptions, Form, Input, Row, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { notifyFailure } from '../../../api/http-client.ts';
import { BlockedBadge, formatDateTime } from '../../../components/badges/badges.tsx';
import { clearErrorsOnChange, parseForForm, showServerErrors } from '../../../components/form/form-errors.ts';
import { useFormDraft } from '../../../components/form/use-form-draft.tsx';
import { LANGUAGE_LABEL_KEYS } from '../../../i18n/language-labels.ts';
import { useSession } from '../../../session/use-session.ts';
import { AdminFormPage, FormButtons, useBackToList, useRecordId } from '../shared/admin-form-page.tsx';
import { permissionLabelKey, rolePickerLabel } from '../shared/labels.ts';
import { useAdminDomain } from '../shared/use-admin-domain.ts';
import { useCompaniesByDomain, useGroupsByDomain, useRolesList } from '../shared/use-domain-pickers.ts';
import { useCreateUser, useUnblockUser, useUpdateUser, useUser } from './use-users.ts';

type TUserFields = {
  userid: string;
  name: string;
  email: string;
  language: Language;
  roleId?: number;
  permissions: PermissionFlag[];
  companyIds: number[];
  groupIds: number[];
  active: boolean;
  isSandbox: boolean;
  blocked?: boolean;
  resetPassword?: boolean;
};

const FIELDS = [
  'userid',
  'name',
  'email',
  'language',
  'roleId',
  'permissions',
  'companyIds',
  'groupIds',
  'active',
  'isSandbox',
  'blocked',
  'resetPassword',
];

function toFields(user: TUserDetail): TUserFields {
  return {
    userid: user.userid,
    name: user.name,
    email: user.email,
    language: user.language,
    roleId: user.roleId ?? undefined,
    permissions: PERMISSION_FLAGS.filter((flag) => user.permissions[flag] === true),
    companyIds: user.companyIds,
    groupIds: user.groupIds,
    active: user.active,
    isSandbox: user.isSandbox,
    blocked: user.blocked,
    resetPassword: false,
  };
}

export default function UserFormPage() {
  const { t, i18n } = useTranslation();
  const id = useRecordId();
  const editing = id !== undefined;
  const { domainId, chosenDomainId } = useAdminDomain();
  const { superAdmin, permissions: myPermissions, user: me } = useSession();
  const user = useUser(id);
  const roles = useRolesList();
  const companies = useCompaniesByDomain(domainId);
  const groups = useGroupsByDomain(domainId);
  const create = useCreateUser();
  const update = useUpdateUser();
  const unblock = useUnblockUser();
  const back = useBackToList('users');
  const [form] = Form.useForm<TUserFields>();
  const draft = useFormDraft(form);
  const blocked = Form.useWatch('blocked', form);
  // Administrators do not re-role, re-flag, deactivate or block themselves (the server refuses it).
  const self = editing && id === me?.id;

  // A new user starts with the usual flags of the role chosen.
  const onRoleChange = (roleId: number) => {
    if (editing) return;
    const code = roles.data?.find((role) => role.value === roleId)?.description ?? '';
    const key = detectRoles(code)[0];
    if (key) form.setFieldValue('permissions', [...DEFAULT_PERMISSIONS_BY_ROLE[key]].filter(mayGive));
  };
  // Administrators give only the flags they hold themselves.
  const mayGive = (flag: PermissionFlag) => superAdmin || myPermissions[flag] === true;

  const submit = async (values: TUserFields) => {
    const base = {
      userid: values.userid,
      name: values.name,
      email: values.email,
      language: values.language,
      roleId: values.roleId,
      permissions: toPermissionMap(values.permissions ?? []),
      companyIds: values.companyIds ?? [],
      groupIds: values.groupIds ?? [],
      active: values.active,
      isSandbox: values.isSandbox,
    };
    try {
      if (editing) {
        const input = parseForForm(
          ZUserUpdate,
          {
            ...base,
            id,
            ...(values.blocked !== user.data?.blocked && { blocked: values.blocked }),
            resetPassword: values.resetPassword === true,
          },
          form,
          t,
        );
        if (!input) return;
        const saved = await update.mutateAsync(input);
        notify.success(input.resetPassword ? resetMessage(saved) : 'ADMIN_SAVED_OK', {
          persistent: true,
        });
      } else {
        const input = parseForForm(ZUserInput, base, form, t);
        if (!input) return;
        const saved = await create.mutateAsync({ domainid: chosenDomainId, input });
        notify.success(createdMessage(saved), {
          persistent: true,
        });
      }
      void draft.discard();
      back();
    } catch (error) {
      showServerErrors(error, form, t, FIELDS);
    }
  };

  const onUnblock = async () => {
    if (id === undefined) return;
    try {
      await unblock.mutateAsync(id);
      form.setFieldValue('blocked', false);
      notify.success('USER_UNBLOCKED_OK', { params: { user: user.data?.userid ?? '' } });
    } catch (error) {
      notifyFailure(error);
    }
  };

  const initialLanguage = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'es-es';

  return (
    <AdminFormPage kind="users" editing={editing} loading={editing && !user.data}>
      <Form<TUserFields>
        form={form}
        name="user"
        layout="vertical"
        initialValues={
          user.data
            ? toFields(user.data)
            : {
                language: initialLanguage,
                permissions: [],
                companyIds: [],
                groupIds: [],
                active: true,
                isSandbox: false,
              }
        }
        onFinish={submit}
        onValuesChange={clearErrorsOnChange(form)}
        className="admin-form admin-form-wide"
        data-testid="user-form"
      >
        {draft.offer}
        {user.data && (
          <Descriptions size="small" column={{ xs: 1, md: 3 }} className="admin-record-facts">
            <Descriptions.Item label={t('USER_LAST_LOGIN')}>{formatDateTime(user.data.lastLoginAt)}</Descriptions.Item>
            <Descriptions.Item label={t('USER_FAILED_ATTEMPTS')}>{user.data.failedAttempts}</Descriptions.Item>
            <Descriptions.Item label={t('ADMIN_CREATED_AT')}>{formatDateTime(user.data.createdAt)}</Descriptions.Item>
          </Descriptions>
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="userid" label={t('USER_USERID')} required extra={t('USER_USERID_HINT')}>
              <Input maxLength={50} autoComplete="off" data-testid="field-userid" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('USER_NAME')} required>
              <Input maxLength={200} data-testid="field-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('USER_EMAIL')} required>
              <Input maxLength={200} data-testid="field-email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="language" label={t('USER_LANGUAGE')} required>
              <Select<Language>
                options={LANGUAGES.map((language) => ({ value: language, label: t(LANGUAGE_LABEL_KEYS[language]) }))}
                data-testid="field-language"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="roleId" label={t('USER_ROLE')} required>
              <Select<number>
                loading={roles.isLoading}
                onChange={onRoleChange}
                disabled={self}
                options={(roles.data ?? []).map((role) => ({ value: role.value, label: rolePickerLabel(role, t) }))}
                placeholder={t('USER_ROLE_PLACEHOLDER')}
                data-testid="field-roleId"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="companyIds" label={t('USER_COMPANIES')}>
              <Select<number[]>
                mode="multiple"
                allowClear
                loading={companies.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                options={(companies.data ?? []).map((company) => ({
                  value: company.value,
                  label: company.text,
                  disabled: company.blocked,
                }))}
                placeholder={t('USER_COMPANIES_PLACEHOLDER')}
                data-testid="field-companyIds"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="groupIds" label={t('USER_GROUPS')}>
              <Select<number[]>
                mode="multiple"
                allowClear
                loading={groups.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                options={(groups.data ?? []).map((group) => ({
                  value: group.value,
                  label: group.text,
                  disabled: group.blocked,
                }))}
                placeholder={t('USER_GROUPS_PLACEHOLDER')}
                data-testid="field-groupIds"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="permissions" label={t('USER_PERMISSIONS')} extra={t('USER_PERMISSIONS_HINT')}>
          <Checkbox.Group className="permission-grid" data-testid="field-permissions">
            {PERMISSION_FLAGS.map((flag) => (
              <Checkbox key={flag} value={flag} disabled={self || !mayGive(flag)} data-testid={`permission-${flag}`}>
                {t(permissionLabelKey(flag))}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="active" valuePropName="checked">
            <Checkbox disabled={self} data-testid="field-active">
              {t('ADMIN_ACTIVE')}
            </Checkbox>
          </Form.Item>
          <Form.Item name="isSandbox" valuePropName="checked">
            <Checkbox data-testid="field-isSandbox">{t('USER_SANDBOX')}</Checkbox>
          </Form.Item>
        </Space>
        {editing && user.data && (
          <div className="admin-user-security">
            {user.data.blocked && (
              <Alert
                type="warning"
                showIcon
                className="admin-alert"
                title={
                  <Space>
                    <BlockedBadge id={user.data.id} />
                    {t('USER_BLOCKED_NOTICE')}
                  </Space>
                }
                action={
                  <Button size="small" onClick={() => void onUnblock()} data-testid="user-unblock">
                    {t('USER_UNBLOCK')}
                  </Button>
                }
              />
            )}
            <Space size="large" wrap>
              <Form.Item
                name="blocked"
                valuePropName="checked"
                label={t('USER_BLOCKED')}
                extra={blocked ? t('USER_BLOCKED_HINT') : undefined}
              >
                <Switch disabled={self} data-testid="field-blocked" />
              </Form.Item>
              <Form.Item name="resetPassword" valuePropName="checked" label={t('USER_RESET_PASSWORD')}>
                <Checkbox data-testid="field-resetPassword">{t('USER_RESET_PASSWORD_HINT')}</Checkbox>
              </Form.Item>
            </Space>
          </div>
        )}
        <FormButtons saving={create.isPending || update.isPending} kind="users" />
      </Form>
    </AdminFormPage>
  );
}

type TMailOutcome = { recoveryMailSent?: boolean; recoveryMailInOutbox?: boolean };

/** Sent, waiting in the account outbox (no SMTP server), or not sent. */
function resetMessage(saved: TMailOutcome): string {
  if (saved.recoveryMailSent) return 'USER_RESET_MAIL_SENT';
  return saved.recoveryMailInOutbox ? 'USER_RESET_IN_OUTBOX' : 'USER_RESET_NO_MAIL';
}

function createdMessage(saved: TMailOutcome): string {
  if (saved.recoveryMailSent) return 'USER_CREATED_MAIL_SENT';
  return saved.recoveryMailInOutbox ? 'USER_CREATED_IN_OUTBOX' : 'USER_CREATED_NO_MAIL';
}
