import { PATHS } from '@sello/contracts/routes';

export const templateEditPath = (id: number) => PATHS.templateEdit.replace(':id', String(id));
