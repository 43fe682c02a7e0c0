export async function runPlumbing(_root: string): Promise<string> {
  return 'not yet implemented'
}
