import type { Language } from '@sello/contracts/constants';

const LABELS = {
  'es-es': {
    sheet: 'Auditoría',
    at: 'Fecha',
    domain: 'Dominio',
    actor: 'Quién',
    roles: 'Roles',
    ip: 'IP',
    userAgent: 'Navegador',
    entity: 'Entidad',
    entityId: 'Id',
    action: 'Acción',
    changes: 'Cambios',
  },
  'en-en': {
    sheet: 'Audit',
    at: 'When',
    domain: 'Domain',
    actor: 'Who',
    roles: 'Roles',
    ip: 'IP',
    userAgent: 'User agent',
    entity: 'Entity',
    entityId: 'Id',
    action: 'Action',
    changes: 'Changes',
  },
  'pt-pt': {
    sheet: 'Auditoria',
    at: 'Data',
    domain: 'Domínio',
    actor: 'Quem',
    roles: 'Perfis',
    ip: 'IP',
    userAgent: 'Navegador',
    entity: 'Entidade',
    entityId: 'Id',
    action: 'Ação',
    changes: 'Alterações',
  },
} satisfies Record<Language, Record<string, string>>;

/** The export's sheet and column names in the caller's language. */
export function auditLabels(language: Language) {
  return LABELS[language];
}
