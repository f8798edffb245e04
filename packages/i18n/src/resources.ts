import type { Language } from '@lavoura/domain';
import type { Namespace } from './namespaces.ts';
import ptEmails from './locales/pt/emails.json';
import enEmails from './locales/en/emails.json';
import esEmails from './locales/es/emails.json';
import ptCommon from './locales/pt/common.json';
import enCommon from './locales/en/common.json';
import esCommon from './locales/es/common.json';
import ptErrors from './locales/pt/errors.json';
import enErrors from './locales/en/errors.json';
import esErrors from './locales/es/errors.json';
import ptReference from './locales/pt/reference.json';
import enReference from './locales/en/reference.json';
import esReference from './locales/es/reference.json';
import ptHome from './locales/pt/home.json';
import enHome from './locales/en/home.json';
import esHome from './locales/es/home.json';
import ptShell from './locales/pt/shell.json';
import enShell from './locales/en/shell.json';
import esShell from './locales/es/shell.json';
import ptWarnings from './locales/pt/warnings.json';
import enWarnings from './locales/en/warnings.json';
import esWarnings from './locales/es/warnings.json';
import ptAuth from './locales/pt/auth.json';
import enAuth from './locales/en/auth.json';
import esAuth from './locales/es/auth.json';
import ptPlans from './locales/pt/plans.json';
import enPlans from './locales/en/plans.json';
import esPlans from './locales/es/plans.json';
import ptCatalog from './locales/pt/catalog.json';
import enCatalog from './locales/en/catalog.json';
import esCatalog from './locales/es/catalog.json';
import ptUsers from './locales/pt/users.json';
import enUsers from './locales/en/users.json';
import esUsers from './locales/es/users.json';
import ptProfile from './locales/pt/profile.json';
import enProfile from './locales/en/profile.json';
import esProfile from './locales/es/profile.json';
import ptTerms from './locales/pt/terms.json';
import enTerms from './locales/en/terms.json';
import esTerms from './locales/es/terms.json';
import ptFarms from './locales/pt/farms.json';
import enFarms from './locales/en/farms.json';
import esFarms from './locales/es/farms.json';
import ptField from './locales/pt/field.json';
import enField from './locales/en/field.json';
import esField from './locales/es/field.json';
import ptMap from './locales/pt/map.json';
import enMap from './locales/en/map.json';
import esMap from './locales/es/map.json';
import ptNotes from './locales/pt/notes.json';
import enNotes from './locales/en/notes.json';
import esNotes from './locales/es/notes.json';
import ptVarieties from './locales/pt/varieties.json';
import enVarieties from './locales/en/varieties.json';
import esVarieties from './locales/es/varieties.json';
import ptSowings from './locales/pt/sowings.json';
import enSowings from './locales/en/sowings.json';
import esSowings from './locales/es/sowings.json';
import ptSowingRecords from './locales/pt/sowing-records.json';
import enSowingRecords from './locales/en/sowing-records.json';
import esSowingRecords from './locales/es/sowing-records.json';
import ptPrograms from './locales/pt/programs.json';
import enPrograms from './locales/en/programs.json';
import esPrograms from './locales/es/programs.json';
import ptExecution from './locales/pt/execution.json';
import enExecution from './locales/en/execution.json';
import esExecution from './locales/es/execution.json';
import ptComparison from './locales/pt/comparison.json';
import enComparison from './locales/en/comparison.json';
import esComparison from './locales/es/comparison.json';
import ptPrescription from './locales/pt/prescription.json';
import enPrescription from './locales/en/prescription.json';
import esPrescription from './locales/es/prescription.json';
import ptWeather from './locales/pt/weather.json';
import enWeather from './locales/en/weather.json';
import esWeather from './locales/es/weather.json';
import ptMarket from './locales/pt/market.json';
import enMarket from './locales/en/market.json';
import esMarket from './locales/es/market.json';
import ptNdvi from './locales/pt/ndvi.json';
import enNdvi from './locales/en/ndvi.json';
import esNdvi from './locales/es/ndvi.json';
import ptPerformance from './locales/pt/performance.json';
import enPerformance from './locales/en/performance.json';
import esPerformance from './locales/es/performance.json';
import ptReports from './locales/pt/reports.json';
import enReports from './locales/en/reports.json';
import esReports from './locales/es/reports.json';
import ptDigest from './locales/pt/digest.json';
import enDigest from './locales/en/digest.json';
import esDigest from './locales/es/digest.json';
import ptIntegrations from './locales/pt/integrations.json';
import enIntegrations from './locales/en/integrations.json';
import esIntegrations from './locales/es/integrations.json';
import ptLinkage from './locales/pt/linkage.json';
import enLinkage from './locales/en/linkage.json';
import esLinkage from './locales/es/linkage.json';

/**
 * Every user-facing text, in pt, en and es, one namespace per area. The web app loads these
 * texts through the `web` entry (one chunk per language and namespace); the server uses these
 * resources for e-mails and reports. A new namespace is a JSON file per language, its name in
 * namespaces.ts and one line per language below.
 */
export type Resources = Record<Language, Record<Namespace, Record<string, unknown>>>;

export const resources: Resources = {
  pt: {
    emails: ptEmails,
    common: ptCommon,
    errors: ptErrors,
    reference: ptReference,
    home: ptHome,
    shell: ptShell,
    warnings: ptWarnings,
    auth: ptAuth,
    plans: ptPlans,
    catalog: ptCatalog,
    users: ptUsers,
    profile: ptProfile,
    terms: ptTerms,
    farms: ptFarms,
    field: ptField,
    map: ptMap,
    notes: ptNotes,
    varieties: ptVarieties,
    sowings: ptSowings,
    'sowing-records': ptSowingRecords,
    programs: ptPrograms,
    execution: ptExecution,
    comparison: ptComparison,
    weather: ptWeather,
    market: ptMarket,
    ndvi: ptNdvi,
    performance: ptPerformance,
    reports: ptReports,
    digest: ptDigest,
    integrations: ptIntegrations,
    linkage: ptLinkage,
    prescription: ptPrescription,
  },
  en: {
    emails: enEmails,
    common: enCommon,
    errors: enErrors,
    reference: enReference,
    home: enHome,
    shell: enShell,
    warnings: enWarnings,
    auth: enAuth,
    plans: enPlans,
    catalog: enCatalog,
    users: enUsers,
    profile: enProfile,
    terms: enTerms,
    farms: enFarms,
    field: enField,
    map: enMap,
    notes: enNotes,
    varieties: enVarieties,
    sowings: enSowings,
    'sowing-records': enSowingRecords,
    programs: enPrograms,
    execution: enExecution,
    comparison: enComparison,
    weather: enWeather,
    market: enMarket,
    ndvi: enNdvi,
    performance: enPerformance,
    reports: enReports,
    digest: enDigest,
    integrations: enIntegrations,
    linkage: enLinkage,
    prescription: enPrescription,
  },
  es: {
    emails: esEmails,
    common: esCommon,
    errors: esErrors,
    reference: esReference,
    home: esHome,
    shell: esShell,
    warnings: esWarnings,
    auth: esAuth,
    plans: esPlans,
    catalog: esCatalog,
    users: esUsers,
    profile: esProfile,
    terms: esTerms,
    farms: esFarms,
    field: esField,
    map: esMap,
    notes: esNotes,
    varieties: esVarieties,
    sowings: esSowings,
    'sowing-records': esSowingRecords,
    programs: esPrograms,
    execution: esExecution,
    comparison: esComparison,
    weather: esWeather,
    market: esMarket,
    ndvi: esNdvi,
    performance: esPerformance,
    reports: esReports,
    digest: esDigest,
    integrations: esIntegrations,
    linkage: esLinkage,
    prescription: esPrescription,
  },
};
