/// Which `on …` trigger an `.onTap` node is (its flags): `on tap [NODE]`, or a secondary
/// system's `on birth of EMITTER` / `on death of EMITTER` (§15).
package enum OnTrigger: UInt8, Sendable {
  case tap = 0
  case birth = 1
  case death = 2
}
