// Placeholder so the package resolves: Package.swift declares the EffectStoreTests target, whose tests live on
// another branch. Drop this file when that branch is merged.
import XCTest
