/** Identity and contact: name, email, phone with WhatsApp, summary and professional links. */
import PersonOutline from '@mui/icons-material/PersonOutline';
import type { ReactNode } from 'react';
import { t } from '../../i18n';
import { FormSection, Row, SubHeading } from './FormSection';
import { growingLines, SwitchInput, TextInput } from './inputs';
import { labelOf } from './labels';

const LINKS = ['linkedInUrl', 'githubUrl', 'stackoverflowUrl', 'dribbbleUrl', 'portfolioUrl'] as const;

/** `email` replaces the email input, e.g. with the candidate's address and a change action. */
export function IdentitySection({ email }: { email?: ReactNode }) {
  return (
    <FormSection
      id="identity"
      icon={<PersonOutline />}
      title={t('talent.sections.identity.title')}
      description={t('talent.sections.identity.description')}
    >
      <Row>
        <TextInput name="firstName" label={labelOf('firstName')} required autoComplete="given-name" />
        <TextInput name="lastName" label={labelOf('lastName')} required autoComplete="family-name" />
      </Row>
      <Row>
        {email ?? <TextInput name="email" label={labelOf('email')} required type="email" autoComplete="email" />}
        <div>
          <TextInput
            name="phone"
            label={labelOf('phone')}
            type="tel"
            autoComplete="tel"
            helperText={t('talent.form.phoneHelp')}
          />
          <SwitchInput name="phoneWhatsapp" label={labelOf('phoneWhatsapp')} />
        </div>
      </Row>
      <TextInput
        name="summary"
        label={labelOf('summary')}
        {...growingLines(3, 10)}
        helperText={t('talent.form.summaryHelp')}
      />
      <SubHeading>{t('talent.sections.identity.links')}</SubHeading>
      <Row>
        {LINKS.map((name) => (
          <TextInput
            key={name}
            name={name}
            label={labelOf(name)}
            type="url"
            placeholder={t(`talent.form.placeholders.${name}`)}
          />
        ))}
      </Row>
    </FormSection>
  );
}
