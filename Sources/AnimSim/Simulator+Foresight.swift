import AnimModel

extension Simulator {
  /// Whether the live-instance limit (E0902) can be crossed at all: only when the nodes
  /// (those yet to appear too), replicator copies and every emitter's `max` together
  /// exceed it. When they cannot, as with `max`es far below the limit (every example's),
  /// the run skips `foreseeInstanceLimit` and the copy of the simulator it runs.
  var mayCrossInstanceLimit: Bool {
    var bound = fixedInstances + nodeAppeared.lazy.filter { $0 == nil }.count
    for emitter in scene.emitters {
      let (sum, overflow) = bound.addingReportingOverflow(Swift.max(emitter.max, 0))
      if overflow || sum > instanceLimit { return true }
      bound = sum
    }
    return false
  }

  /// Stops the run before its first frame with the E0902 it would reach by frame `last`.
  ///
  /// A flood of spawns (`every 1ms`, `burst 1000`, each instance living forever) reaches
  /// the limit only after sampling and writing a growing crowd of instances in each of its
  /// frames, work in the square of the frames and all of it abandoned when the run stops. Here a copy of the simulator fires the same events through frame `last`
  /// without sampling any (the same spawns, draws and lifetimes, so the same emitter
  /// crosses the limit at the same spawn), holding only the live instances, and its error
  /// is the run's. Any other outcome leaves the run to find it itself, as it would have.
  ///
  /// Only when `mayCrossInstanceLimit`; events injected later (an interactive `run`'s
  /// taps) are not foreseen, and the run's own check still stops them.
  package func foreseeInstanceLimit(throughFrame last: Int) throws(SimulationError) {
    guard nextFrame == 0, last >= 0, mayCrossInstanceLimit else { return }
    let rehearsal: Simulator
    do { rehearsal = try Simulator(scene, options: options) } catch { return }
    rehearsal.instanceLimit = instanceLimit
    rehearsal.eventLimit = eventLimit
    while rehearsal.nextFrame <= Swift.min(last, frameCount - 1) {
      do { try rehearsal.step(sampling: false) } catch {
        if error.code == "E0902" { throw error }
        return
      }
    }
  }
}
