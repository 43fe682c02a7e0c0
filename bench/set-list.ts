/** The real sets bench:accuracy and npm run calibrate answer: which questionnaire, with which evidence. */

/** Company-wide Instructure evidence; each HECVAT adds its own product's architecture paper. */
export const COMPANY = [
  'Instructure_Security_Overview_2024-12.pdf',
  'Instructure_Security_Overview_ES.pdf',
  'Instructure_Business_Continuity_Disaster_Recovery.pdf',
  'Instructure_Quality_Assurance_Program.pdf',
  'Canvas_LMS_and_Studio_SOC3.pdf',
  'Instructure_ISO27001_Certificate.pdf',
  'Instructure_CSA_STAR_Certificate.pdf',
]

export const INSTRUCTURE_SETS: { name: string; file: string; architecture: string[] }[] = [
  { name: 'CAIQ v4 (Instructure)', file: 'Instructure_CAIQ.xlsx', architecture: ['Canvas_LMS_Architecture.pdf'] },
  {
    name: 'HECVAT Full (Canvas LMS)',
    file: 'Canvas_LMS_HECVAT_Full.xlsx',
    architecture: ['Canvas_LMS_Architecture.pdf'],
  },
  {
    name: 'HECVAT Lite (Canvas Catalog)',
    file: 'Canvas_Catalog_HECVAT_Lite.xlsx',
    architecture: ['Canvas_Catalog_Architecture.pdf'],
  },
  // No Studio architecture paper is published; the SOC 3 above covers Canvas LMS and Studio.
  { name: 'HECVAT Lite (Canvas Studio)', file: 'Canvas_Studio_HECVAT_Lite.xlsx', architecture: [] },
  {
    name: 'HECVAT Lite (Mastery Connect)',
    file: 'Mastery_Connect_HECVAT_Lite.xlsx',
    architecture: ['Mastery_Connect_Architecture.pdf'],
  },
  // HECVAT Full 2.11 (2020) for Portfolium, now Canvas Student Pathways: the most No and free-text answers.
  {
    name: 'HECVAT Full 2.11 (Portfolium)',
    file: 'Portfolium_HECVAT_v2.11.xlsx',
    architecture: ['Canvas_Student_Pathways_Architecture.pdf'],
  },
]

interface LibrarySet {
  name: string
  file: string
  /** questionnaires/NAME, or history/NAME for an earlier version of the same questionnaire. */
  library: string
  architecture: string[]
  product?: string
  group: 'same-product' | 'library'
}

/** One questionnaire answered with another of the company's answered questionnaires among the evidence. */
export const LIBRARY_SETS: LibrarySet[] = [
  // The same product's earlier answers to an earlier version of the same form (history/).
  {
    name: 'HECVAT Full (Canvas LMS) from its HECVAT Full of 2023-09-28',
    file: 'Canvas_LMS_HECVAT_Full.xlsx',
    library: 'history/Canvas_LMS_HECVAT_Full_2023-09-28.xlsx',
    architecture: ['Canvas_LMS_Architecture.pdf'],
    product: 'Canvas LMS',
    group: 'same-product',
  },
  {
    name: 'CAIQ v4.0.3 (Instructure) from its CAIQ v4.0.2 of 2022-12',
    file: 'Instructure_CAIQ.xlsx',
    library: 'history/Instructure_CAIQ_2022-12-01.xlsx',
    architecture: ['Canvas_LMS_Architecture.pdf'],
    group: 'same-product',
  },
  // A sister product's questionnaire as the library.
  {
    name: 'HECVAT Lite (Canvas Catalog) from HECVAT Full',
    file: 'Canvas_Catalog_HECVAT_Lite.xlsx',
    library: 'Canvas_LMS_HECVAT_Full.xlsx',
    architecture: ['Canvas_Catalog_Architecture.pdf'],
    product: 'Canvas Catalog',
    group: 'library',
  },
  {
    name: 'HECVAT Lite (Canvas Studio) from HECVAT Full',
    file: 'Canvas_Studio_HECVAT_Lite.xlsx',
    library: 'Canvas_LMS_HECVAT_Full.xlsx',
    architecture: [],
    product: 'Canvas Studio',
    group: 'library',
  },
  {
    name: 'HECVAT Lite (Mastery Connect) from HECVAT Full',
    file: 'Mastery_Connect_HECVAT_Lite.xlsx',
    library: 'Canvas_LMS_HECVAT_Full.xlsx',
    architecture: ['Mastery_Connect_Architecture.pdf'],
    product: 'Mastery Connect',
    group: 'library',
  },
  {
    name: 'HECVAT Full 2.11 (Portfolium) from HECVAT Full 3.04',
    file: 'Portfolium_HECVAT_v2.11.xlsx',
    library: 'Canvas_LMS_HECVAT_Full.xlsx',
    architecture: ['Canvas_Student_Pathways_Architecture.pdf'],
    product: 'Portfolium',
    group: 'library',
  },
  {
    name: 'CAIQ v4 from HECVAT Full (other family)',
    file: 'Instructure_CAIQ.xlsx',
    library: 'Canvas_LMS_HECVAT_Full.xlsx',
    architecture: ['Canvas_LMS_Architecture.pdf'],
    group: 'library',
  },
]
